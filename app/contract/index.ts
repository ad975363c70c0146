export * from "./envelope";
export * from "./entities";
export * from "./calls";
export * from "./rules";
export * from "./money";
