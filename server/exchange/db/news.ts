/** Seed articles. Content is HTML; the app sanitizes it before rendering. */
export interface SeedArticle {
  id: number;
  category_id: number;
  title: string;
  content: string;
  banner?: string;
  /** 'YYYY-MM-DD HH:mm' UTC */
  date: string;
}

export const NEWS_CATEGORIES: ReadonlyArray<readonly [id: number, name: string]> = [
  [1, "Banners"],
  [3, "Notices"],
  [4, "About"],
  [5, "Support"],
  [6, "Legal"],
  [26, "Agreements"],
];

const p = (...paras: string[]) => paras.map((x) => `<p>${x}</p>`).join("\n");

export const NEWS: SeedArticle[] = [
  // ---- 1: banners
  {
    id: 1,
    category_id: 1,
    date: "2026-03-02 08:00",
    title: "Spot trading with deep liquidity",
    banner: "/images/banners/spot-trading.svg",
    content:
      "<h2>Trade the majors around the clock</h2>" +
      p(
        "BTC, ETH, SOL and more than a dozen other pairs trade 24/7 against USDT, BTC and ETH.",
        "Limit and market orders, a live order book and candle charts from one minute to one month.",
      ),
  },
  {
    id: 2,
    category_id: 1,
    date: "2026-03-09 08:00",
    title: "Your assets, protected",
    banner: "/images/banners/security.svg",
    content:
      "<h2>Security first</h2>" +
      p(
        "Passwords are stored as salted scrypt hashes, sessions can be revoked at any time and every balance change is recorded in an audit log.",
        "Turn on two-factor authentication and set a separate trade password in your personal centre.",
      ),
  },
  {
    id: 3,
    category_id: 1,
    date: "2026-03-16 08:00",
    title: "Put idle coins to work with savings",
    banner: "/images/banners/savings.svg",
    content:
      "<h2>Fixed-term savings</h2>" +
      p(
        "Lock USDT, BTC or ETH for a fixed period and receive a daily dividend until the term ends.",
        "Rates and terms are shown before you subscribe; the principal returns to your account at maturity.",
      ),
  },
  // ---- 3: notices
  {
    id: 10,
    category_id: 3,
    date: "2026-10-28 02:00",
    title: "Scheduled system maintenance on 3 November",
    content: p(
      "Dear users, to improve performance we will upgrade the matching engine on 3 November from 02:00 to 03:00 (UTC).",
      "Deposits, withdrawals and trading will be paused during the upgrade. Open orders are kept and resume afterwards.",
      "Thank you for your understanding.",
    ),
  },
  {
    id: 11,
    category_id: 3,
    date: "2026-10-15 10:00",
    title: "New listing: LINK/ETH",
    content: p(
      "We are pleased to announce that Chainlink (LINK) is now listed with an ETH trading pair.",
      "Deposits are open now on the ERC20 network; trading opened at 10:00 UTC.",
    ),
  },
  {
    id: 12,
    category_id: 3,
    date: "2026-09-30 06:00",
    title: "Lower withdrawal fee for USDT on TRC20",
    content: p(
      "From 1 October the withdrawal fee for USDT on the TRC20 network drops to 0.1%.",
      "Withdrawal minimums and maximums are shown on the withdrawal page for each network.",
    ),
  },
  {
    id: 13,
    category_id: 3,
    date: "2026-09-12 12:00",
    title: "Beware of phishing websites and fake support",
    content: p(
      "Always check the address in your browser before you log in. Our staff will never ask for your password, verification codes or trade password.",
      "If you receive a suspicious message, contact customer service through the link at the bottom of every page.",
    ),
  },
  // ---- 4: about
  {
    id: 20,
    category_id: 4,
    date: "2026-01-05 09:00",
    title: "About us",
    content: p(
      "We run a digital asset exchange for spot trading, contracts, peer-to-peer fiat trading and savings.",
      "Our team has built trading systems since 2014 and serves users in more than 130 countries and regions.",
    ),
  },
  {
    id: 21,
    category_id: 4,
    date: "2026-01-05 09:10",
    title: "Contact us",
    content: p(
      "Customer service answers around the clock through the online chat.",
      "Business enquiries: business@example.com. Listing applications: listing@example.com.",
    ),
  },
  {
    id: 22,
    category_id: 4,
    date: "2026-01-05 09:20",
    title: "Careers",
    content: p(
      "We are hiring engineers, risk analysts and customer service staff in several time zones.",
      "Send your CV to careers@example.com and tell us which role you are interested in.",
    ),
  },
  // ---- 5: support
  {
    id: 30,
    category_id: 5,
    date: "2026-01-06 09:00",
    title: "Help centre",
    content:
      "<h2>Getting started</h2>" +
      "<ol><li>Register with your email or mobile number.</li><li>Deposit coins to your account.</li><li>Choose a pair on the market page and place an order.</li></ol>" +
      p("Answers to the most common questions about deposits, withdrawals and orders are in this section."),
  },
  {
    id: 31,
    category_id: 5,
    date: "2026-01-06 09:10",
    title: "Fee schedule",
    content:
      p("Spot trading fees are charged on the amount you receive.") +
      "<table><thead><tr><th>Type</th><th>Fee</th></tr></thead><tbody>" +
      "<tr><td>Spot maker</td><td>0.1%</td></tr><tr><td>Spot taker</td><td>0.1%</td></tr>" +
      "<tr><td>Deposit</td><td>Free</td></tr><tr><td>Withdrawal</td><td>Per currency and network</td></tr></tbody></table>",
  },
  {
    id: 32,
    category_id: 5,
    date: "2026-01-06 09:20",
    title: "API documentation",
    content: p(
      "Market data is public: pairs, candles, order book and recent trades, over HTTP and WebSocket.",
      "Trading endpoints need a login token sent in the Authorization header.",
    ),
  },
  // ---- 6: legal
  {
    id: 40,
    category_id: 6,
    date: "2026-01-07 09:00",
    title: "Terms of service",
    content: p(
      "By using the platform you agree to these terms. You must be of legal age in your country and not a resident of a restricted jurisdiction.",
      "You are responsible for keeping your password, trade password and devices secure.",
    ),
  },
  {
    id: 41,
    category_id: 6,
    date: "2026-01-07 09:10",
    title: "Privacy policy",
    content: p(
      "We collect the data needed to run your account: contact details, identity documents for verification and trading records.",
      "We do not sell personal data. You may ask for a copy or deletion of your data subject to legal retention periods.",
    ),
  },
  {
    id: 42,
    category_id: 6,
    date: "2026-01-07 09:20",
    title: "Risk disclosure",
    content: p(
      "Digital asset prices are volatile. Leveraged and contract products can lose more than the margin you commit.",
      "Only trade with funds you can afford to lose.",
    ),
  },
  // ---- 26: the user agreement (article 66, linked from the register screen)
  {
    id: 66,
    category_id: 26,
    date: "2026-01-01 00:00",
    title: "User agreement",
    content:
      "<h2>User agreement</h2>" +
      p(
        "This agreement is between you and the platform operator. Please read it carefully before registering.",
        "<strong>1. Account.</strong> You provide true information, keep your credentials secret and are responsible for all activity in your account.",
        "<strong>2. Services.</strong> We provide spot, contract, peer-to-peer and savings services. We may change or suspend services for maintenance, security or legal reasons.",
        "<strong>3. Risks.</strong> Digital assets are highly volatile and may lose all value. Nothing on the platform is investment advice.",
        "<strong>4. Prohibited use.</strong> Money laundering, market manipulation, fraud and the use of the platform from restricted jurisdictions are prohibited and lead to account suspension.",
        "<strong>5. Fees.</strong> Fees are published in the fee schedule and may change with notice.",
        "<strong>6. Liability.</strong> Within the limits of the law we are not liable for losses caused by market movements, network failures of blockchains or events beyond our control.",
        "<strong>7. Changes.</strong> We may update this agreement; continued use after notice means acceptance.",
      ),
  },
];
