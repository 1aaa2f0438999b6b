import type { ReactNode } from "react";
import { Link } from "react-router";
import type { SessionUser } from "~/shared/users";
import { buttonClasses } from "~/app/components/ui/button";
import { AdminGate } from "./admin-gate";

/**
 * The frame of the six bare utility pages (docs/product.md section 2: shown without the site header and
 * footer), behind the admin gate, each with its way back to /admin.
 */
export function UtilityPage({
  user,
  title,
  intro,
  children,
}: {
  user: SessionUser | null;
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <main className="min-h-screen bg-slate-50">
      <AdminGate user={user}>
        {() => (
          <div className="mx-auto max-w-4xl px-4 py-10">
            <nav aria-label="Utility" className="mb-6">
              <Link to="/admin" className={buttonClasses({ variant: "outline", size: "sm" })}>
                ← Back to Admin
              </Link>
            </nav>
            <h1 className="text-3xl font-bold text-slate-900">{title}</h1>
            {intro && <p className="mt-2 text-slate-600">{intro}</p>}
            <div className="mt-8">{children}</div>
          </div>
        )}
      </AdminGate>
    </main>
  );
}
