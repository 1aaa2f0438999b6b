import { data, Link, useLoaderData, type LoaderFunctionArgs } from "react-router";
import { findPost } from "../post-data.server";

/** A blog post as a stock app writes one: loaded by slug, its HTML in the loader data and in the page. */
export function loader({ params }: LoaderFunctionArgs) {
  const post = findPost(params.slug ?? "");
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export const meta = ({ data: loaded }: { data?: ReturnType<typeof loader> }) => [
  { title: loaded?.post.title ?? "Not found" },
  { name: "description", content: loaded?.post.summary ?? "" },
];

export default function Post() {
  const { post } = useLoaderData<typeof loader>();
  return (
    <article>
      <Link to="/">Home</Link>
      <h1>{post.title}</h1>
      <p>
        <time dateTime={post.createdAt}>{new Date(post.createdAt).toDateString()}</time>
      </p>
      <div dangerouslySetInnerHTML={{ __html: post.content }} />
    </article>
  );
}
