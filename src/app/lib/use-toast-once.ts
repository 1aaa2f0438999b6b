import { useEffect, useRef } from "react";
import { toast, type ToastInput } from "./toast";

/** Shows a toast once when a view appears (docs/product.md section 8: "shown once"), never during server rendering. */
export function useToastOnce(input: ToastInput | undefined): void {
  const shown = useRef(false);
  useEffect(() => {
    if (!input || shown.current) return;
    shown.current = true;
    toast(input);
  }, [input]);
}
