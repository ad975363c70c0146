import { invariantResponse } from "~/lib/invariant.server";
import { useTranslation } from "~/lib/translate";
import { GeneralErrorBoundary } from "~/components/error-boundary";

export function loader() {
  invariantResponse(false, "Not found", { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return <main>{t("errors.notFound")}</main>;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
