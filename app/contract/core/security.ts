// The account's security level (SPEC §4): base 50, +25 for a bound phone, +25 for a bound email,
// +25 for an approved identity. 50 reads "middle", 75 "high", 100 "strong". A person registers with
// one of phone or email, so a new account starts at 75; the score is capped at 100, where the bar
// is full. No imports: this file is bundled for the browser too.

export const SECURITY_BASE = 50;
export const SECURITY_STEP = 25;
export const SECURITY_MAX = 100;

export type SecurityFacts = { phoneBound: boolean; emailBound: boolean; identityApproved: boolean };
export type SecurityGrade = "middle" | "high" | "strong";

export function securityScore(facts: SecurityFacts): number {
  const raised = [facts.phoneBound, facts.emailBound, facts.identityApproved].filter(Boolean).length;
  return Math.min(SECURITY_MAX, SECURITY_BASE + SECURITY_STEP * raised);
}

export function securityGrade(score: number): SecurityGrade {
  if (score >= 100) return "strong";
  if (score >= 75) return "high";
  return "middle";
}
