export * from "./accounts";
export * from "./channels";
export * from "./codes";
export * from "./money";
export * from "./rules";
export * from "./trading";
export * from "./security";
export * from "./personal";
