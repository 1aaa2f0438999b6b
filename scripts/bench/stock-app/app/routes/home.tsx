import { Link } from "react-router";

export const meta = () => [{ title: "Stock React Router" }];

export default function Home() {
  return (
    <main>
      <h1>Stock React Router</h1>
      <Link to="/blog/stock-post">A post</Link>
    </main>
  );
}
