import { Fragment, useState, type FormEvent } from "react";
import { api } from "~/app/lib/api";
import { deleteAndReload } from "~/app/lib/delete-and-reload";
import { failureToast } from "~/app/lib/failure-toast";
import { toast } from "~/app/lib/toast";
import { Button } from "~/app/components/ui/button";
import { NamedChoices } from "./named-choices";
import { PanelCard } from "./panel-card";
import { RecordList } from "./record-list";
import { ShownOnce } from "./shown-once";
import { usePanelData } from "./use-panel-data";
import { usePanelForm } from "./use-panel-form";
import { RemoveButton } from "./remove-button";
import { InputField } from "~/app/components/ui/field";
import { formatDateTime } from "~/shared/dates";
import {
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENTS,
  WEBHOOK_MESSAGES,
  WEBHOOK_SCREEN as M,
  type DeliverySummary,
  type WebhookEvent,
  type WebhookSummary,
} from "~/shared/webhooks";

const PATH = "/api/admin/webhooks";

/**
 * The Webhooks screen (admins; docs/decisions/225-signed-webhooks-through-the-outbox.md): the
 * endpoints with their events and last delivery, each with its delivery log, "Send test" and
 * Remove behind a confirmation; a form that adds one and shows its secret once with Copy. The
 * server checks every field again, the address's network too.
 */
export function WebhooksPanel() {
  const [listed, load] = usePanelData<{ webhooks: WebhookSummary[] }>(PATH, M.loadFailed);
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<WebhookEvent[]>(["post.published"]);
  const [secretInput, setSecretInput] = useState("");
  const { errors, busy, submit } = usePanelForm<"url" | "events" | "secret">(M.addFailed);
  const [secret, setSecret] = useState<string>();
  const [open, setOpen] = useState<{ id: number; deliveries?: DeliverySummary[] }>();

  const loadDeliveries = async (id: number) => {
    try {
      const found = await api.get<{ deliveries: DeliverySummary[] }>(`${PATH}/${id}/deliveries`);
      setOpen({ id, deliveries: found.deliveries });
    } catch (err) {
      failureToast(err, M.loadFailed);
    }
  };

  // An unknown event is reported as `events.N`; the form shows it under the events.
  const add = (event: FormEvent) => {
    event.preventDefault();
    const missing = {
      url: !url.trim() && WEBHOOK_MESSAGES.urlRequired,
      events: events.length === 0 && WEBHOOK_MESSAGES.eventsRequired,
    };
    void submit(missing, async () => {
      const made = await api.post<{ secret: string }>(PATH, {
        url,
        events,
        ...(secretInput.trim() && { secret: secretInput }),
      });
      setSecret(made.secret);
      setUrl("");
      setSecretInput("");
      toast({ title: M.added });
      await load();
    });
  };

  const remove = (id: number) =>
    deleteAndReload(`${PATH}/${id}`, M.removed, M.removeFailed, () => {
      if (open?.id === id) setOpen(undefined);
      return load();
    });

  const sendTest = async (id: number) => {
    try {
      await api.post(`${PATH}/${id}/test`, {});
      toast({ title: M.testQueued });
      await loadDeliveries(id);
    } catch (err) {
      failureToast(err, M.testFailed);
    }
  };

  return (
    <PanelCard id="webhooks-heading" heading={M.heading} intro={M.intro}>
      {secret && (
        <ShownOnce
          id="webhook-secret-shown"
          label={M.newSecret}
          note={M.shownOnce}
          value={secret}
          words={M}
          onDone={() => setSecret(undefined)}
        />
      )}

      <RecordList records={listed?.webhooks} label={M.heading} none={M.none}>
        {(h) => (
          <li key={h.id} className="space-y-3 p-3">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0 space-y-1 text-sm">
                <p className="font-medium break-all text-slate-900">{h.url}</p>
                <p className="text-slate-700">
                  {M.events}: {h.events.map((e) => WEBHOOK_EVENTS[e]).join(", ")}
                </p>
                {h.last && (
                  <p className="text-slate-600">
                    {M.states[h.last.state]} · {formatDateTime(h.last.at)}
                    {h.last.responseCode !== undefined && ` · ${h.last.responseCode}`}
                  </p>
                )}
              </div>
              <div className="flex flex-wrap gap-2">
                <Button type="button" variant="outline" size="sm" onClick={() => void sendTest(h.id)}>
                  {M.sendTest}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  aria-expanded={open?.id === h.id}
                  onClick={() => (open?.id === h.id ? setOpen(undefined) : void loadDeliveries(h.id))}
                >
                  {open?.id === h.id ? M.hideDeliveries : M.deliveries}
                </Button>
                <RemoveButton
                  label={M.remove}
                  size="sm"
                  title={M.removeTitle}
                  description={M.removeConfirm(h.url)}
                  onConfirm={() => void remove(h.id)}
                />
              </div>
            </div>
            {open?.id === h.id && open.deliveries && <DeliveryLog deliveries={open.deliveries} />}
          </li>
        )}
      </RecordList>

      <form onSubmit={add} noValidate className="max-w-md space-y-4" aria-label={M.add}>
        <InputField
          id="webhook-url"
          label={M.url}
          placeholder={M.urlPlaceholder}
          type="url"
          value={url}
          error={errors.url}
          maxLength={2000}
          onChange={(e) => setUrl(e.target.value)}
        />
        <NamedChoices
          id="webhook-events"
          legend={M.events}
          field="events"
          names={WEBHOOK_EVENT_NAMES}
          labels={WEBHOOK_EVENTS}
          chosen={events}
          onChange={setEvents}
          error={errors.events}
        />
        <InputField
          id="webhook-secret"
          label={M.secret}
          optional
          placeholder={M.secretHint}
          value={secretInput}
          error={errors.secret}
          autoComplete="off"
          onChange={(e) => setSecretInput(e.target.value)}
        />
        <Button type="submit" disabled={busy}>
          {busy ? M.adding : M.add}
        </Button>
      </form>
    </PanelCard>
  );
}

/** One endpoint's deliveries, newest first: status, time, response, attempts and the next retry. */
function DeliveryLog({ deliveries }: { deliveries: DeliverySummary[] }) {
  if (deliveries.length === 0) return <p className="text-sm text-slate-600">{M.noDeliveries}</p>;
  const C = M.columns;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <thead className="text-slate-600">
          <tr>
            <th className="py-1 pr-3 font-medium">{C.event}</th>
            <th className="py-1 pr-3 font-medium">{C.state}</th>
            <th className="py-1 pr-3 font-medium">{C.time}</th>
            <th className="py-1 pr-3 font-medium">{C.code}</th>
            <th className="py-1 pr-3 font-medium">{C.attempts}</th>
            <th className="py-1 font-medium">{C.next}</th>
          </tr>
        </thead>
        <tbody className="text-slate-800">
          {deliveries.map((d) => (
            <Fragment key={d.id}>
              <tr className="border-t border-slate-100">
                <td className="py-1 pr-3">
                  <code className="text-xs">{d.event}</code>
                </td>
                <td className="py-1 pr-3">{M.states[d.state]}</td>
                <td className="py-1 pr-3 whitespace-nowrap">{formatDateTime(d.lastAttemptAt ?? d.createdAt)}</td>
                <td className="py-1 pr-3">{d.responseCode ?? M.never}</td>
                <td className="py-1 pr-3">{d.attempts}</td>
                <td className="py-1 whitespace-nowrap">
                  {d.nextAttemptAt ? formatDateTime(d.nextAttemptAt) : M.never}
                </td>
              </tr>
              {d.error && (
                <tr>
                  <td colSpan={6} className="pb-1 text-xs break-all text-slate-600">
                    {d.error}
                  </td>
                </tr>
              )}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
