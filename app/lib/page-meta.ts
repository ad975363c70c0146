import type { MetaDescriptor } from "@remix-run/react";

/** A page's title and description (its loader data's), with `fallback` as the title when there is none. */
export function pageMeta(fallback: string) {
  return ({ data }: { data?: { title: string; description: string } }): MetaDescriptor[] => [
    { title: data?.title ?? fallback },
    ...(data?.description ? [{ name: "description", content: data.description }] : []),
  ];
}
