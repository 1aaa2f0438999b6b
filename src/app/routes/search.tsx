import { data, Form, Link } from "react-router";
import type { Route } from "./+types/search";
import { buttonClasses } from "~/app/components/ui/button";
import { inputClasses } from "~/app/components/ui/field";
import { Pager, type PagerWords } from "~/app/components/pager";
import { pageMeta } from "~/app/lib/meta";
import { formatDate } from "~/shared/dates";
import {
  MAX_QUERY_LENGTH,
  readSearchParams,
  SEARCH_MESSAGES as M,
  SEARCH_TYPE_LABELS,
  searchHref,
} from "~/shared/search";

// No `handle.pageCache`: results are never kept by the page cache, so a flood of distinct queries
// cannot push the site's pages out of it (docs/decisions/210-search-results-not-cached.md).

export const meta: Route.MetaFunction = ({ data }) => [
  ...pageMeta(data?.query ? `${M.title}: ${data.query}` : M.title, M.intro),
  // Endless addresses of one index: search engines should not crawl them.
  { name: "robots", content: "noindex" },
];

const RESULT_PAGES: PagerWords = { label: "Result pages", previous: "← Previous", next: "Next →" };

/** Neither the page cache nor a browser keeps an answer: each query is its own. */
const NOT_KEPT = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = readSearchParams(new URL(request.url).searchParams);
  if (!asked.ok) {
    const error = asked.errors.q?.[0] ?? asked.errors.page?.[0] ?? "";
    return data(
      { query: asked.query.slice(0, MAX_QUERY_LENGTH), error, answer: null },
      { status: 400, headers: NOT_KEPT },
    );
  }
  const answer = asked.query ? await context.search.search(asked.query, asked.page) : null;
  return data({ query: asked.query, error: "", answer }, { headers: NOT_KEPT });
}

export const headers: Route.HeadersFunction = ({ errorHeaders, loaderHeaders }) => errorHeaders ?? loaderHeaders;

export default function Search({ loaderData }: Route.ComponentProps) {
  const { query, error, answer } = loaderData;
  return (
    <section className="mx-auto max-w-3xl px-4 py-16">
      <header className="mb-8 text-center">
        <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{M.title}</h1>
        <p className="mt-4 text-lg text-slate-600">{M.intro}</p>
      </header>
      {/* A plain GET form: it works before (or without) the page's JavaScript. */}
      <Form method="get" action="/search" role="search" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1 space-y-1">
          <label htmlFor="search-q" className="block text-sm font-medium text-slate-800">
            {M.label}
          </label>
          <input
            id="search-q"
            name="q"
            type="search"
            defaultValue={query}
            key={query}
            placeholder={M.placeholder}
            maxLength={MAX_QUERY_LENGTH * 2}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? "search-error" : "search-hint"}
            className={inputClasses}
          />
        </div>
        <button type="submit" className={buttonClasses({})}>
          {M.button}
        </button>
      </Form>
      {error ? (
        <p id="search-error" role="alert" className="mt-3 text-sm text-red-700">
          {error}
        </p>
      ) : (
        <p id="search-hint" className="mt-3 text-sm text-slate-600">
          {M.hint}
        </p>
      )}
      {answer && <Results answer={answer} />}
    </section>
  );
}

function Results({ answer }: { answer: NonNullable<Route.ComponentProps["loaderData"]["answer"]> }) {
  const { query, results, total, page, pageCount } = answer;
  if (total === 0) {
    return (
      <p className="mt-10 rounded-lg border border-dashed border-slate-300 p-10 text-center text-slate-600">
        {M.noResults(query)}
      </p>
    );
  }
  return (
    <div className="mt-10">
      <h2 className="text-lg font-semibold text-slate-800" aria-live="polite">
        {M.found(total, query)}
      </h2>
      <ol className="mt-4 space-y-4">
        {results.map((r) => (
          <li key={r.url} className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
              {SEARCH_TYPE_LABELS[r.type]}
              {r.date && <span className="font-normal text-slate-600 normal-case"> · {formatDate(r.date, "")}</span>}
            </p>
            <h3 className="mt-1 text-xl font-bold">
              <Link to={r.url} className="text-slate-900 hover:text-brand-700 hover:underline">
                {r.title}
              </Link>
            </h3>
            {/* Escaped by the index, with only its own <mark> added (src/server/search/snippet.ts). */}
            <p
              className="mt-2 text-slate-700 [&_mark]:rounded-sm [&_mark]:bg-amber-100 [&_mark]:px-0.5 [&_mark]:text-slate-900"
              dangerouslySetInnerHTML={{ __html: r.snippet }}
            />
          </li>
        ))}
      </ol>
      <Pager page={page} pageCount={pageCount} hrefOf={(n) => searchHref(query, n)} words={RESULT_PAGES} />
    </div>
  );
}
