import { createContext, useContext } from "react";

/**
 * The nonce the server marks React Router's own inline scripts with while it renders a page, so
 * it can tell them from anything else and allow exactly those by hash (src/app/entry.server.tsx).
 * In the browser there is none.
 */
export const ScriptNonceContext = createContext<string | undefined>(undefined);

export const useScriptNonce = () => useContext(ScriptNonceContext);
