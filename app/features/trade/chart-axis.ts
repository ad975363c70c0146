import { formatAmount } from "~/lib/amount";

/**
 * A value axis's labels (the live chart's price and MACD axes) in the screen's one amount format, the app
 * language's separators, with as many decimals as chart.js's own labels would have: from the step between ticks.
 * chart.js's default label makes an Intl.NumberFormat, which on a phone's first load cost 55 ms of the chart's first
 * draw (the page's first Intl object loads the locale data; 4× CPU, /second signed in).
 */
export function axisNumber(lang: string) {
  return (value: number | string, _index: number, ticks: { value: number }[]): string => {
    const [a, b, c] = ticks;
    const step = c && ticks.length > 3 ? c.value - b!.value : a && b ? b.value - a.value : 0;
    const dp = step > 0 ? Math.max(0, Math.min(20, -Math.floor(Math.log10(step)))) : 0;
    return formatAmount(Number(value).toFixed(dp), { lang, dp });
  };
}
