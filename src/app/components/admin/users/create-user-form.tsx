import { zodResolver } from "@hookform/resolvers/zod";
import { ROLE_LABELS, ROLES } from "~/shared/permissions";
import { useForm } from "react-hook-form";
import { newUserSchema, type NewUserInput } from "~/shared/schemas";
import type { AdminUserRow } from "~/shared/user-admin";
import { api, ApiError } from "~/app/lib/api";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { Field, InputField, inputClasses } from "~/app/components/ui/field";
import { USERS_MESSAGES as M } from "./users-messages";

/** Adds a user with a role and an initial password (the shared newUserSchema, as the CLI uses). */
export function CreateUserForm({ onCreated }: { onCreated: () => void }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewUserInput>({
    resolver: zodResolver(newUserSchema),
    defaultValues: { username: "", password: "", role: "writer" },
  });

  const create = async (values: NewUserInput) => {
    try {
      const user = await api.post<AdminUserRow>("/api/admin/users", values);
      toast(M.created(user.username));
      reset();
      onCreated();
    } catch (err) {
      if (err instanceof ApiError && err.errors) {
        for (const [field, messages] of Object.entries(err.errors))
          setError(field as keyof NewUserInput, { message: messages[0] });
      }
      failureToast(err, M.actionFailed);
    }
  };

  return (
    <form
      method="post"
      onSubmit={handleSubmit(create)}
      noValidate
      aria-labelledby="create-user-heading"
      className="space-y-4"
    >
      <h3 id="create-user-heading" className="text-lg font-semibold text-slate-900">
        {M.createHeading}
      </h3>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          id="new-user-name"
          label={M.username}
          error={errors.username?.message}
          {...register("username")}
          autoComplete="off"
          spellCheck={false}
        />
        <Field id="new-user-role" label={M.role} error={errors.role?.message}>
          {(a) => (
            <select {...a} {...register("role")} className={inputClasses}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <InputField
          id="new-user-password"
          label={M.initialPassword}
          error={errors.password?.message}
          {...register("password")}
          type="password"
          autoComplete="new-password"
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? M.creating : M.create}
        </Button>
      </div>
    </form>
  );
}
