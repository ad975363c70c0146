import DecimalJs from "decimal.js";
import { formatAmount } from "./amount";
import { ceilText, cnyValue, compareDecimal, floorText, formatChange, formatPrice, formatVolume } from "./decimal-text";

/**
 * The rules as decimal.js computes them: the string versions must answer the same for every input. The oracle
 * multiplies and divides with enough significant digits to be exact (decimal.js's default of 20 rounds the
 * product or quotient of long values: '99999999999999999.999999999999' would show as '100,000,000.00B').
 */
const Decimal = DecimalJs.clone({ precision: 200 });
const dec = (v: string | number | null | undefined) => {
  if (v === null || v === undefined || v === "") return null;
  try {
    const d = new Decimal(v);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
};
const oracle = {
  floor: (v: string, dp: number) => dec(v)?.toDecimalPlaces(dp, Decimal.ROUND_FLOOR).toFixed(dp) ?? "",
  ceil: (v: string, dp: number) => dec(v)?.toDecimalPlaces(dp, Decimal.ROUND_CEIL).toFixed(dp) ?? "",
  change: (v: string) => {
    const d = dec(v);
    if (!d) return { text: "0.00%", rising: true };
    const fixed = d.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);
    return { text: `${d.isNegative() && !d.isZero() ? "" : "+"}${fixed}%`, rising: !d.isNegative() || d.isZero() };
  },
  compare: (a: string, b: string) => (dec(a) ?? new Decimal(0)).comparedTo(dec(b) ?? new Decimal(0)),
  cny: (a: string, b: string) => {
    const p = dec(a);
    const r = dec(b);
    return p && r ? oracle.floor(p.times(r).toFixed(), 2) : "";
  },
  price: (v: string) => {
    const d = dec(v);
    if (!d) return "--";
    const places = Math.min(Math.max(d.decimalPlaces(), 2), 8);
    return formatAmount(d.toFixed(places, Decimal.ROUND_FLOOR), { dp: places });
  },
  volume: (v: string) => {
    const d = dec(v);
    if (!d) return "--";
    for (const [n, u] of [
      [1e9, "B"],
      [1e6, "M"],
      [1e3, "K"],
    ] as const)
      if (d.abs().gte(n)) return formatAmount(oracle.floor(d.div(n).toFixed(), 2), { dp: 2 }) + u;
    return formatAmount(oracle.floor(d.toFixed(), 2), { dp: 2 });
  },
};

const FIXED = [
  "0",
  "-0",
  "0.000",
  "-0.001",
  "-0.005",
  "0.005",
  "0.004999",
  "1.239",
  "-1.231",
  "2.345",
  "-2.345",
  "999.999",
  "1000",
  "999999.995",
  "1234567",
  "-1234567",
  "1e5",
  "1.5E-7",
  "-2e+3",
  ".5",
  "5.",
  "+3.14",
  "00012.3400",
  "99999999999999999.999999999999",
  "0.10000000000000001",
  "123456789012.123456789",
  "abc",
  "1,000",
  "",
  ".",
  "--1",
  " 1",
  "Infinity",
  "NaN",
];

/** Deterministic pseudo-random decimal strings: signs, long fractions, zeros, large and tiny values. */
function samples(n: number): string[] {
  let seed = 26;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const int = next() < 0.3 ? "0" : String(Math.floor(next() * 10 ** Math.floor(next() * 13)));
    const frac = next() < 0.2 ? "" : Array.from({ length: Math.floor(next() * 12) }, () => Math.floor(next() * 10)).join("");
    out.push(`${next() < 0.3 ? "-" : ""}${int}${frac ? "." + frac : ""}`);
  }
  return out;
}

const VALUES = [...FIXED, ...samples(2000)];

describe("decimal-text: the screens' rounding rules on strings", () => {
  it("floors, ceils, rounds change and formats prices and volumes as decimal.js does", () => {
    for (const v of VALUES) {
      for (const dp of [0, 2, 6]) {
        expect(floorText(v, dp), `floor ${v} ${dp}`).toBe(oracle.floor(v, dp));
        expect(ceilText(v, dp), `ceil ${v} ${dp}`).toBe(oracle.ceil(v, dp));
      }
      expect(formatChange(v), `change ${v}`).toEqual(oracle.change(v));
      expect(formatPrice(v), `price ${v}`).toBe(oracle.price(v));
      expect(formatVolume(v), `volume ${v}`).toBe(oracle.volume(v));
    }
  });
  it("multiplies and compares exactly", () => {
    for (let i = 0; i + 1 < VALUES.length; i++) {
      const [a, b] = [VALUES[i], VALUES[VALUES.length - 1 - i]];
      expect(cnyValue(a, b), `cny ${a} ${b}`).toBe(oracle.cny(a, b));
      expect(compareDecimal(a, b), `compare ${a} ${b}`).toBe(oracle.compare(a, b));
    }
    expect(compareDecimal("0.1", "0.10000000000000001")).toBe(-1);
    expect(compareDecimal("-0", "0")).toBe(0);
  });
  it("takes numbers as decimal.js does", () => {
    expect(formatPrice(64213.5)).toBe("64,213.50");
    expect(floorText(1e-7, 8)).toBe("0.00000010");
    expect(formatVolume(1234567)).toBe("1.23M");
    expect(formatPrice(Number.NaN)).toBe("--");
  });
});
