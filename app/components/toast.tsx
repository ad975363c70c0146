import { useEffect, useState } from "react";
import * as s from "./shell.css";

/** A flash message from the last redirect; stays readable without JavaScript, fades after 4 s with it. */
export function Toast({ toast }: { toast: { kind: "success" | "error" | "info"; message: string } }) {
  const [shown, setShown] = useState(true);
  useEffect(() => {
    setShown(true);
    const id = setTimeout(() => setShown(false), 4000);
    return () => clearTimeout(id);
  }, [toast]);
  if (!shown) return null;
  return (
    <div className={`${s.toast} ${toast.kind === "error" ? s.toastError : ""}`} role={toast.kind === "error" ? "alert" : "status"}>
      {toast.message}
    </div>
  );
}
