import { createContext, useContext } from "react";
import type { KlineBar } from "~/contract/entities";
import type { ShareMarkup } from "./shared-markup.server";

/**
 * What a server render needs that the page must not carry a second time (issue 14): a loader puts it in the
 * request's load context (`context.serverOnly`), `entry.server.tsx` provides it to the render, and it is never
 * serialized into the loader data. In the browser it is empty: a component that reads it renders on the server
 * what it then takes over from the server's HTML (see features/trade/chart-panel).
 */
export type ServerOnlyData = {
  /** The chart's bars, drawn as an image and a table for a browser without JavaScript (the live chart fetches its own). */
  chartBars?: KlineBar[];
  /** The version of the server's drawing of those bars (features/trade/chart-image.server), named by its image's URL. */
  chartVersion?: string | null;
  /** The page answers a form's POST (without JavaScript): a refusal it shows takes the focus (components/form/refusal-focus). */
  answersPost?: boolean;
  /** Draws markup once for the renders that share the object it is drawn from (lib/shared-markup.server). */
  shareMarkup?: ShareMarkup;
};

const ServerOnlyContext = createContext<ServerOnlyData>({});
export const ServerOnlyProvider = ServerOnlyContext.Provider;

export function useServerOnly(): ServerOnlyData {
  return useContext(ServerOnlyContext);
}
