/**
 * The personal centre's pages, in its menu's order, with the key of each one's name. `inUserMenu`: the header's
 * account menu lists it too (after the orders).
 */
export const PERSONAL_PAGES = [
  { path: "accountSettings", label: "common:user.accountSettings", inUserMenu: true },
  { path: "collectionSettings", label: "common:user.collectionSettings", inUserMenu: true },
  { path: "authentication", label: "common:user.authentication", inUserMenu: true },
  { path: "feedback", label: "common:user.feedback", inUserMenu: true },
  { path: "googleAuth", label: "common:user.googleAuth", inUserMenu: true },
  { path: "sessions", label: "sessions.title", inUserMenu: false },
  { path: "notifications", label: "common:user.notificationSettings", inUserMenu: true },
  { path: "transactionLog", label: "log.title", inUserMenu: false },
] as const;
