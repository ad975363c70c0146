import { describe, expect, it } from "vitest";
import { addressFitsChain } from "./addresses";

const SAMPLES: Array<[chain: string, address: string, fits: boolean]> = [
  ["TRC20", "TN3W4H6rK2ce4vX9YnFQHwKENnHjoxb3m9", true],
  ["TRC20", "abc", false],
  ["TRC20", "0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063", false],
  ["ERC20", "0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A063", true],
  ["ERC20", "0x8f3Cf7ad23Cd3CaDbD9735AFf958023239c6A06", false],
  ["BEP20", "0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE", true],
  ["BTC", "bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh", true],
  ["BTC", "1BoatSLRHtKNngkdXEeobR76b53LETtpyT", true],
  ["BTC", "abc", false],
  ["XRP", "rEb8TK3gBgk5auZkwc6sHnwrGVJH8DuaLh", true],
  ["SOL", "7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV", true],
  ["SOL", "0OIl", false],
  ["DOGE", "DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L", true],
  ["LTC", "ltc1qg82tlz5pmwlxm2x5r4q8nt4a9mhd4w9t6h7j5c", true],
  ["ADA", "addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x", true],
  ["NEWCHAIN", "abc", false],
  ["NEWCHAIN", "0123456789", true],
];

describe("the address shape of a chain", () => {
  it.each(SAMPLES)("%s %s → %s", (chain, address, fits) => {
    expect(addressFitsChain(chain, address)).toBe(fits);
  });
});
