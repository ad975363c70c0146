// The account's security level: what protects the account, counted. Five protections, 20 points each: an
// authenticator that is on, a trade password, a bound phone, a bound email and a verified identity. 0–39 reads
// "low", 40–79 "middle", 80–99 "high", 100 "strong". A new account (one of phone or email, nothing else) scores 20,
// low; the screen names what is missing. docs/product.md explains the choice. No imports: bundled for the browser.

export const SECURITY_PROTECTIONS = ["authenticator", "tradePassword", "phone", "email", "identity"] as const;
export type SecurityProtection = (typeof SECURITY_PROTECTIONS)[number];
export type SecurityFacts = Record<SecurityProtection, boolean>;
export type SecurityGrade = "low" | "middle" | "high" | "strong";

/** Points each protection adds. */
export const SECURITY_STEP = 20;
export const SECURITY_MAX = SECURITY_STEP * SECURITY_PROTECTIONS.length;

export function securityScore(facts: SecurityFacts): number {
  return SECURITY_STEP * SECURITY_PROTECTIONS.filter((p) => facts[p]).length;
}

export function securityGrade(score: number): SecurityGrade {
  if (score >= 100) return "strong";
  if (score >= 80) return "high";
  if (score >= 40) return "middle";
  return "low";
}

/** The protections the account lacks, in the order the screen lists them. */
export function missingProtections(facts: SecurityFacts): SecurityProtection[] {
  return SECURITY_PROTECTIONS.filter((p) => !facts[p]);
}
