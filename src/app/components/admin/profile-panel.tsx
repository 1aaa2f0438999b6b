import { useEffect, useState } from "react";
import { authorPath } from "~/shared/authors";
import type { OwnProfile } from "~/shared/user-admin";
import type { SessionUser } from "~/shared/users";
import { api } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { Card } from "~/app/components/ui/card";
import { ProfileForm } from "./users/profile-form";
import { PROFILE_MESSAGES as M } from "./users/users-messages";

/**
 * Every user's own public profile (docs/decisions/130-bylines-and-author-pages.md), through
 * GET and PATCH /api/cms/profile.
 */
export function ProfilePanel({ user }: { user: SessionUser }) {
  const [profile, setProfile] = useState<OwnProfile>();
  useEffect(() => {
    api
      .get<OwnProfile>("/api/cms/profile")
      .then(setProfile)
      .catch((err: unknown) => failureToast(err, M.loadFailed));
  }, []);
  return (
    <Card>
      <h2 className="text-xl font-semibold text-slate-900">{M.heading}</h2>
      <p className="mt-1 mb-4 text-sm text-slate-600">
        {M.intro}{" "}
        <a href={authorPath(user.username)} className="text-brand-700 underline underline-offset-2">
          {M.authorPage}
        </a>
      </p>
      {profile && (
        <ProfileForm
          idPrefix="profile"
          username={user.username}
          initial={profile}
          save={(values) => api.patch("/api/cms/profile", values)}
        />
      )}
    </Card>
  );
}
