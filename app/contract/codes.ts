/**
 * Verification-code types of notify/send_email and notify/send_sms (SPEC section 7). In a module
 * of their own, without zod, so a screen that only needs the numbers doesn't load the contract.
 */
export const CODE_TYPE = { REGISTER: 1, FORGOT_PASSWORD: 2, TRADE_PASSWORD: 3, LOGIN: 5 } as const;
export type CodeType = (typeof CODE_TYPE)[keyof typeof CODE_TYPE];
