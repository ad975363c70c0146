import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { FeedbackForm, FeedbackList } from "~/features/personal/feedback";
import { feedbackPage, sendFeedback } from "~/features/personal/feedback.server";
import { CardPage } from "~/components/card-page";

/** /personal/feedback: type, title and content (at least 10 characters); my feedback with its status and reply. */
export const loader = (args: LoaderFunctionArgs) => feedbackPage(args);
export const action = (args: ActionFunctionArgs) => sendFeedback(args);

export default function FeedbackRoute() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return (
    <CardPage title={d.title}>
      <FeedbackForm constraint={d.constraint} lastResult={actionData?.result} />
      <FeedbackList rows={d.rows} total={d.total} page={d.page} perPage={d.perPage} error={d.error} />
    </CardPage>
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data?.title ?? "Feedback" }];

export function ErrorBoundary() {
  return <GeneralErrorBoundary back={{ href: "/personal/accountSettings", labelKey: "user.accountSettings" }} />;
}
