import type { ComponentType } from "react";
import { DeleteByIdTool } from "./delete-by-id-tool";
import { DirectPostForm } from "./direct-post-form";
import { HtmlGeneratorForm } from "./html-generator-form";
import { PurgeAllPosts } from "./purge-all-posts";
import { RemoveTestPosts } from "./remove-test-posts";
import { TestUpdateTool } from "./test-update-tool";
import { TOOL_PAGES } from "./tool-messages";

export type UtilityPageDefinition = { title: string; intro: string; Tool: ComponentType };

/**
 * The six bare utility pages (docs/product.md section 2), keyed by their route id in routes.ts:
 * one route module (routes/utility-page.tsx) serves them all, each with its text and its tool.
 */
export const UTILITY_PAGES = {
  "create-post-direct": { ...TOOL_PAGES.createPostDirect, Tool: DirectPostForm },
  "emergency-post": { ...TOOL_PAGES.emergencyPost, Tool: HtmlGeneratorForm },
  "delete-posts": { ...TOOL_PAGES.deletePosts, Tool: DeleteByIdTool },
  "delete-all-posts": { ...TOOL_PAGES.deleteAllPosts, Tool: PurgeAllPosts },
  "direct-delete": { ...TOOL_PAGES.directDelete, Tool: RemoveTestPosts },
  "test-update": { ...TOOL_PAGES.testUpdate, Tool: TestUpdateTool },
} as const satisfies Record<string, UtilityPageDefinition>;

/** The page of a route id; a route pointed at the utility module without an entry here is a programming error. */
export function utilityPageOf(routeId: string | undefined): UtilityPageDefinition {
  const page = routeId === undefined ? undefined : (UTILITY_PAGES as Record<string, UtilityPageDefinition>)[routeId];
  if (!page) throw new Error(`No utility page is defined for route "${routeId}" (see UTILITY_PAGES).`);
  return page;
}
