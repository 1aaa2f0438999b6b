import { Link } from "react-router";
import { ExternalLink } from "./external-link";

/**
 * A link of the site's content (src/shared/site-content.ts allows only http(s) addresses and paths
 * on this site): a path moves within the site, an address opens in a new tab.
 */
export function SiteLink({
  href,
  className,
  onClick,
  children,
}: {
  href: string;
  className?: string;
  onClick?: () => void;
  children: React.ReactNode;
}) {
  if (href.startsWith("/"))
    return (
      <Link to={href} className={className} onClick={onClick}>
        {children}
      </Link>
    );
  return (
    <ExternalLink href={href} className={className} onClick={onClick}>
      {children}
    </ExternalLink>
  );
}
