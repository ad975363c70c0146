import { renderToStaticMarkup } from "react-dom/server";
import { vi } from "vitest";
import type { KlineBar, Trade } from "~/contract/entities";
import { createT, TranslationProvider } from "~/lib/translate";
import en from "../../../locales/en/trade.json";
import jp from "../../../locales/jp/trade.json";

// The styles are vanilla-extract's, built by the bundler: here any class name will do.
const anyClass = () => new Proxy({}, { get: (_, k) => (k === "then" ? undefined : String(k)), has: () => true });
vi.mock("./trade.css", () => anyClass());
vi.mock("~/styles/pair-screen.css", () => anyClass());
vi.mock("~/lib/server-only", () => ({ useServerOnly: () => ({}) }));

const { barsSummary, chartDescription, ChartImage } = await import("./chart-panel");
const { RecentTrades } = await import("./recent-trades");

const bar = (time: number, open: string, high: string, low: string, close: string): KlineBar => ({
  time,
  open,
  high,
  low,
  close,
  volume: "1",
  period: "1min",
});
const t = createT({ trade: en }, "en", "trade");

describe("the chart in words (its text alternative)", () => {
  it("says the span, where the price opened and stands, and its lowest and highest, in the pair's decimals", () => {
    const bars = [
      bar(Date.UTC(2026, 10, 26, 10, 0), "100", "120", "90", "110"),
      bar(Date.UTC(2026, 10, 26, 10, 1), "110", "130.5", "95", "99.9"),
    ];
    expect(barsSummary(t, bars, 2, "en")).toBe(
      "From 11-26 10:00:00 to 11-26 10:01:00 (UTC): opened at 100.00, last 99.90; lowest 90.00, highest 130.50.",
    );
  });

  it("compares prices as decimals, not as text ('9' is below '10')", () => {
    const bars = [bar(1, "10", "10", "9", "10"), bar(2, "10", "100", "10", "99")];
    expect(barsSummary(t, bars, 0, "en")).toMatch(/lowest 9, highest 100\.$/);
  });

  it("says so when there are no bars", () => {
    expect(barsSummary(t, [], 2, "en")).toBe(en.chart.empty);
  });

  it("follows the chart's name, joined as the language writes sentences", () => {
    const bars = [bar(Date.UTC(2026, 10, 26, 10, 0), "100", "120", "90", "110")];
    expect(chartDescription(t, "SOL/USDT", bars, 2, "en")).toBe(`SOL/USDT. ${barsSummary(t, bars, 2, "en")}`);
    const tJp = createT({ trade: jp }, "ja", "trade");
    expect(chartDescription(tJp, "SOL/USDT", bars, 2, "jp")).toBe(`SOL/USDT。${barsSummary(tJp, bars, 2, "jp")}`);
  });
});

describe("the server's drawing of the chart (an image of its own URL)", () => {
  const bars = [bar(Date.UTC(2026, 10, 26, 10, 0), "100", "120", "90", "110")];
  const draw = (theme: "dark" | "light" | "system", version: string | null = "0123456789ab", shown = bars) =>
    renderToStaticMarkup(
      <TranslationProvider lang="en" locale="en" resources={{ trade: en }}>
        <ChartImage
          pairId={3}
          period="5min"
          bars={shown}
          version={version}
          theme={theme}
          label="SOL/USDT candlestick chart, 5 min"
          decimals={2}
        />
      </TranslationProvider>,
    );

  it("is named by the chart's name and its figures", () => {
    expect(draw("dark")).toMatch(
      /^<img [^>]*src="\/resources\/chart\.svg\?pair=3&amp;period=5min&amp;theme=dark&amp;v=0123456789ab" alt="SOL\/USDT candlestick chart, 5 min\. From 11-26 10:00:00 to 11-26 10:00:00 \(UTC\): opened at 100\.00, last 110\.00; lowest 90\.00, highest 120\.00\." loading="lazy"[^>]*\/>$/,
    );
  });

  it("is drawn in the picked theme's colours, or, until one is picked, the browser picks by its preference", () => {
    expect(draw("light")).toMatch(/^<img [^>]*theme=light/);
    const system = draw("system");
    expect(system).toMatch(
      /^<picture [^>]*><source media="\(prefers-color-scheme: light\)" srcSet="[^"]*theme=light[^"]*"\/><img [^>]*theme=dark/,
    );
  });

  it("says so instead when there is nothing to draw", () => {
    expect(draw("dark", null)).toBe(`<p class="chartEmpty">${en.chart.empty}</p>`);
    expect(draw("dark", "0123456789ab", [])).toBe(`<p class="chartEmpty">${en.chart.empty}</p>`);
  });
});

describe("recent trades", () => {
  it("show the side as a letter too, not only by colour", () => {
    const trades = [
      { id: 1, time: 0, price: "100", number: "1", way: 2 },
      { id: 2, time: 0, price: "99", number: "1", way: 1 },
    ] as unknown as Trade[];
    const html = renderToStaticMarkup(
      <TranslationProvider lang="en" locale="en" resources={{ trade: en }}>
        <RecentTrades trades={trades} pair={{ base: "BTC", quote: "USDT", decimals: 2 }} />
      </TranslationProvider>,
    );
    // Visible letters (hidden from screen readers, which hear the whole word instead).
    expect(html).toMatch(/<span class="side" aria-hidden="true">B<\/span><span class="sr-only">Buy <\/span>100\.00/);
    expect(html).toMatch(/<span class="side" aria-hidden="true">S<\/span><span class="sr-only">Sell <\/span>99\.00/);
    // One region for the list: the scrolling box, named by the panel's heading.
    expect(html.match(/role="region"/g)).toHaveLength(1);
    expect(html).toContain('role="region" aria-labelledby="trades-title"');
  });
});
