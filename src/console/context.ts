import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ActiveSession } from '../store/console-sessions.js';
import type { ConsoleApi } from './api.js';
import type { FormBody } from './forms.js';
import type { Html } from './html.js';
import type { Notice, Section } from './layout.js';
import type { ConsoleSessions } from './sessions.js';

declare module 'fastify' {
  interface FastifyRequest {
    consoleSession: ActiveSession;
  }
}

/** What the page modules share. */
export interface ConsoleContext {
  api: ConsoleApi;
  sessions: ConsoleSessions;
  /**
   * Whether this request is served over HTTPS, so the session cookie is the `__Host-` one with
   * Secure: a public URL that is https, TLS, or a proxy's `X-Forwarded-Proto: https`.
   */
  secure(request: FastifyRequest): boolean;
  render(reply: FastifyReply, request: FastifyRequest, view: View): FastifyReply;
  form(request: FastifyRequest): FormBody;
  /** The service's clock, for times written in words ("3 minutes ago"). */
  now(): number;
}

export interface View {
  title: string;
  section: Section;
  body: Html;
  notice?: Notice;
  status?: number;
  refreshSeconds?: number;
}
