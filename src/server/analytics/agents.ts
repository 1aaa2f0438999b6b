import { isbot } from "isbot";
import type { Device } from "~/shared/analytics";

/** What a user agent is to the analytics: a bot (not counted), or the kind of device a person uses. */
export type Agent = Device | "bot";

/**
 * Tablets first, as their user agents often say "Android" or "Mobile" too: an iPad, a Kindle or
 * Silk, a PlayBook, the word "Tablet", or Android without "Mobile" (Android's own advice to
 * browsers, https://developer.chrome.com/docs/multidevice/user-agent). iPadOS 13 and later sends a
 * desktop Safari user agent, so those iPads count as desktops.
 */
const TABLET = /iPad|Tablet|PlayBook|Kindle|Silk|Android(?!.*Mobi)/i;
/** "Mobi" is what MDN advises looking for (https://developer.mozilla.org/en-US/docs/Web/HTTP/Browser_detection_using_the_user_agent). */
const PHONE = /Mobi|iPhone|iPod|Android|Windows Phone/i;

export function classify(userAgent: string): Agent {
  // No user agent at all is a script, not a browser.
  if (userAgent === "" || isbot(userAgent)) return "bot";
  if (TABLET.test(userAgent)) return "tablet";
  return PHONE.test(userAgent) ? "phone" : "desktop";
}

/** User agents remembered before the memory is cleared: a crawler sending junk ones cannot grow it. */
const REMEMBERED = 2_000;

/**
 * `classify`, remembered per user agent: isbot's pattern takes a couple of microseconds, more
 * than the rest of counting a view, and a site sees few distinct user agents a day.
 */
export function agentClassifier(): (userAgent: string) => Agent {
  const known = new Map<string, Agent>();
  return (userAgent) => {
    let agent = known.get(userAgent);
    if (agent === undefined) {
      agent = classify(userAgent);
      if (known.size >= REMEMBERED) known.clear();
      known.set(userAgent, agent);
    }
    return agent;
  };
}
