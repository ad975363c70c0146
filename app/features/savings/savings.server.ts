/**
 * What the savings routes' loaders and actions use of app/features/savings/rules.ts, through a `.server` module: the
 * compiler empties it in the browser build, so decimal.js (~13 KB gz) stays out of the pages' first load
 * (a route module's static import would keep it there even when only loaders use it).
 */
export { cycleInterest, LOCK_LIST_LIMIT, lockAmountProblem, LOG_PAGE_SIZE, pagerOf, parsePage, parseProductId } from "./rules";
