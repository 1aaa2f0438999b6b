import { lazy, Suspense, useState } from "react";
import { useToasts } from "~/app/lib/toast";

/**
 * Radix's toast code (about 13 KB of gzip JavaScript) loads with the first toast, not with every
 * page: public pages toast only when something fails, and docs/decisions/002-small-public-javascript.md holds each of them to 125 KB
 * (docs/decisions/002-small-public-javascript.md). Once loaded it stays, so later toasts animate
 * in and out as Radix intends.
 */
const RadixToaster = lazy(() => import("./radix-toaster").then((m) => ({ default: m.RadixToaster })));

export function Toaster() {
  const toasts = useToasts();
  const [wanted, setWanted] = useState(false);
  if (toasts.length > 0 && !wanted) setWanted(true);
  return wanted ? (
    <Suspense fallback={null}>
      <RadixToaster />
    </Suspense>
  ) : null;
}
