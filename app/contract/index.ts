export * from "./envelope";
export * from "./entities";
export * from "./calls";
export * from "./core/rules";
export * from "./money";
export * from "./personal";
export * from "./lever";
export * from "./micro";
