-- 011: holds (docs/decisions/020-holds.md). What is locked is a hold with an id, as a pending transfer in two-phase
-- transfers: opened by a posting onto an account's locked column, later posted on (fully or in parts, e.g. a spot
-- order's fills) or voided by that id. An account's lock_balance is the sum of its open holds' `remaining`.
-- The back-fill uses the exact decimal functions registered on every connection (db/decimal-sql.ts): money is TEXT.

CREATE TABLE holds (
  id           INTEGER PRIMARY KEY,
  account_id   INTEGER NOT NULL REFERENCES accounts(id),
  user_id      INTEGER NOT NULL,
  currency_id  INTEGER NOT NULL,
  account_code TEXT NOT NULL,
  kind         TEXT NOT NULL CHECK (kind IN ('spot_order', 'withdrawal', 'p2p_ad', 'p2p_order', 'lever_order', 'micro_order', 'savings', 'opening')),
  ref_id       INTEGER NOT NULL,                 -- the object's id in its domain's table (the account's id for 'opening')
  amount       TEXT NOT NULL,                    -- held when it opened
  posted       TEXT NOT NULL DEFAULT '0',        -- sent on from the lock (fills, fees, payouts, released escrow)
  voided       TEXT NOT NULL DEFAULT '0',        -- given back to the owner
  remaining    TEXT NOT NULL,                    -- still held: amount - posted - voided
  status       TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'posted', 'voided')),
  created_at   INTEGER NOT NULL,
  closed_at    INTEGER,
  UNIQUE (kind, ref_id)
);
-- No other index: the matching engine writes a hold per order, and an object's hold is found by (kind, ref_id).

-- Back-fill: one hold for what each live object has locked today.

-- Spot orders: a buy holds quote, a sell base, in the spot account.
INSERT INTO holds (account_id, user_id, currency_id, account_code, kind, ref_id, amount, remaining, created_at)
SELECT a.id, o.user_id, a.currency_id, a.account_code, 'spot_order', o.id, dec_add(o.locked, '0'), dec_add(o.locked, '0'), o.created_at
FROM spot_orders o
JOIN currency_matches m ON m.id = o.match_id
JOIN accounts a ON a.user_id = o.user_id AND a.account_code = 'change_account'
  AND a.currency_id = CASE o.way WHEN 1 THEN m.quote_currency_id ELSE m.base_currency_id END
WHERE o.status = 0 AND dec_cmp(o.locked, '0') > 0;

-- Withdrawals under review hold their whole amount in the spot account.
INSERT INTO holds (account_id, user_id, currency_id, account_code, kind, ref_id, amount, remaining, created_at)
SELECT a.id, w.user_id, w.currency_id, a.account_code, 'withdrawal', w.id, dec_add(w.amount, '0'), dec_add(w.amount, '0'), w.created_at
FROM withdrawals w
JOIN accounts a ON a.user_id = w.user_id AND a.currency_id = w.currency_id AND a.account_code = 'change_account'
WHERE w.status = 'pending' AND dec_cmp(w.amount, '0') > 0;

-- A merchant's sell ad holds what is still on offer and the escrow of its orders in progress.
INSERT INTO holds (account_id, user_id, currency_id, account_code, kind, ref_id, amount, remaining, created_at)
SELECT a.id, x.user_id, x.currency_id, a.account_code, 'p2p_ad', x.id, x.held, x.held, x.created_at
FROM (
  SELECT ad.id, ad.user_id, ad.currency_id, ad.created_at,
    dec_add(CASE WHEN ad.status = 3 THEN '0' ELSE ad.remaining END,
            (SELECT dec_sum(o.quantity) FROM p2p_orders o WHERE o.ad_id = ad.id AND o.status IN (1, 2, 5, 6, 7))) AS held
  FROM p2p_ads ad WHERE ad.side = 'sell'
) x
JOIN accounts a ON a.user_id = x.user_id AND a.currency_id = x.currency_id AND a.account_code = 'legal_account'
WHERE dec_cmp(x.held, '0') > 0;

-- A user selling to a buy ad holds the order's quantity until it completes or is cancelled.
INSERT INTO holds (account_id, user_id, currency_id, account_code, kind, ref_id, amount, remaining, created_at)
SELECT a.id, o.seller_id, o.currency_id, a.account_code, 'p2p_order', o.id, dec_add(o.quantity, '0'), dec_add(o.quantity, '0'), o.created_at
FROM p2p_orders o
JOIN p2p_ads ad ON ad.id = o.ad_id AND ad.side = 'buy'
JOIN accounts a ON a.user_id = o.seller_id AND a.currency_id = o.currency_id AND a.account_code = 'legal_account'
WHERE o.status IN (1, 2, 5, 6, 7) AND dec_cmp(o.quantity, '0') > 0;

-- Lever: a pending order reserves margin and fee, an open position its margin.
INSERT INTO holds (account_id, user_id, currency_id, account_code, kind, ref_id, amount, remaining, created_at)
SELECT a.id, x.user_id, x.currency_id, a.account_code, 'lever_order', x.id, x.held, x.held, x.created_at
FROM (
  SELECT id, user_id, currency_id, created_at,
    CASE status WHEN 0 THEN dec_add(caution_money, trade_fee) ELSE dec_add(caution_money, '0') END AS held
  FROM lever_orders WHERE status IN (0, 1)
) x
JOIN accounts a ON a.user_id = x.user_id AND a.currency_id = x.currency_id AND a.account_code = 'lever_account'
WHERE dec_cmp(x.held, '0') > 0;

-- Second contract: a running order holds its stake.
INSERT INTO holds (account_id, user_id, currency_id, account_code, kind, ref_id, amount, remaining, created_at)
SELECT a.id, o.user_id, o.currency_id, a.account_code, 'micro_order', o.id, dec_add(o.number, '0'), dec_add(o.number, '0'), o.created_at
FROM micro_orders o
JOIN accounts a ON a.user_id = o.user_id AND a.currency_id = o.currency_id AND a.account_code = 'micro_account'
WHERE o.status = 1 AND dec_cmp(o.number, '0') > 0;

-- Savings: an active holding's principal, in the financial account.
INSERT INTO holds (account_id, user_id, currency_id, account_code, kind, ref_id, amount, remaining, created_at)
SELECT a.id, h.user_id, h.currency_id, a.account_code, 'savings', h.id, dec_add(h.principal, '0'), dec_add(h.principal, '0'), h.created_at
FROM savings_holdings h
JOIN accounts a ON a.user_id = h.user_id AND a.currency_id = h.currency_id AND a.account_code = 'financial_account'
WHERE h.status = 'active' AND dec_cmp(h.principal, '0') > 0;

-- Whatever an account has locked beyond its objects' holds (none in a consistent database) becomes an 'opening' hold,
-- so the upgraded database reconciles; the operator's `reconcile` lists them. Locked below its holds is not papered
-- over: `reconcile` reports it.
INSERT INTO holds (account_id, user_id, currency_id, account_code, kind, ref_id, amount, remaining, created_at)
SELECT x.id, x.user_id, x.currency_id, x.account_code, 'opening', x.id, x.rest, x.rest, CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM (
  SELECT a.id, a.user_id, a.currency_id, a.account_code, dec_sub(a.lock_balance, COALESCE(h.held, '0')) AS rest
  FROM accounts a
  LEFT JOIN (SELECT account_id, dec_sum(remaining) AS held FROM holds WHERE status = 'pending' GROUP BY account_id) h ON h.account_id = a.id
  WHERE dec_cmp(a.lock_balance, '0') <> 0
) x
WHERE dec_cmp(x.rest, '0') > 0;

-- The market maker pruned its account-log rows older than an hour (its working notes). From now on it leaves a
-- 'carried' row with their sum; here, once, what was pruned before, so its balances equal its log rows' sums again.
INSERT INTO account_log (account_id, user_id, currency_id, account_code, field, value, balance_after, type, memo, extra_data, created_at)
SELECT x.id, x.user_id, x.currency_id, x.account_code, x.field, x.gap, x.stored, 'carried', 'history pruned before migration 011', '{}',
  CAST(strftime('%s', 'now') AS INTEGER) * 1000
FROM (
  SELECT a.id, a.user_id, a.currency_id, a.account_code, f.field,
    CASE f.field WHEN 'balance' THEN a.balance ELSE a.lock_balance END AS stored,
    dec_sub(CASE f.field WHEN 'balance' THEN a.balance ELSE a.lock_balance END,
            (SELECT dec_sum(l.value) FROM account_log l
             WHERE l.user_id = a.user_id AND l.account_code = a.account_code AND l.currency_id = a.currency_id AND l.field = f.field)) AS gap
  FROM accounts a
  JOIN users u ON u.id = a.user_id AND u.email = 'market-maker@exchange.invalid'
  JOIN (SELECT 'balance' AS field UNION ALL SELECT 'lock_balance') f
) x
WHERE dec_cmp(x.gap, '0') <> 0;
