/** The price-alert form for the server's render where a screen shows it below the fold (app/routes/markets.tsx). */
export { PriceAlertForm } from "./price-alert-form";
