// The sessions one `cursor-agent acp` process knows on our side: their state (mode, models, folder), when each was last
// used, and which were given up on. Bounded: beyond MAX_SESSIONS, or after SESSION_IDLE_MS unused, an idle session is
// forgotten here (a later turn loads it again); one with a turn running never is.

import type { ChatMode } from '../cli/args';
import type { Clock } from '../cli/clock';
import { type AcpModelList, parseAcpModels } from './models';
import type { SessionSetup } from './schema';

export interface AcpSessionState {
  id: string;
  /** The mode the agent last reported (`agent` for a new session), asked for or not. */
  mode?: string;
  /** The read-only mode the agent confirmed after our `session/set_mode` (never by an unasked update); cleared by another mode. */
  confirmedMode?: ChatMode;
  /** Loaded here, its replay (mode updates included) maybe still arriving: no mode update proves anything yet. */
  replaying?: boolean;
  models: AcpModelList;
  cwd: string;
}

/** Sessions remembered per process; beyond it, and after {@link SESSION_IDLE_MS} unused, an idle one is forgotten (loaded again later). */
export const MAX_SESSIONS = 64;
export const SESSION_IDLE_MS = 60 * 60_000;

export class SessionTable {
  private readonly states = new Map<string, AcpSessionState>();
  /** When each session was last set up or prompted (oldest first). */
  private readonly used = new Map<string, number>();
  /** Sessions given up on in this process: never prompted again here. */
  private readonly abandoned = new Set<string>();

  /** `running(id)`: a turn runs in that session now (it is never forgotten). */
  constructor(
    private readonly clock: Clock,
    private readonly running: (id: string) => boolean,
  ) {}

  get(id: string): AcpSessionState | undefined {
    return this.states.get(id);
  }

  /** A session set up by `session/new` or `session/load`: its state, remembered and marked used. */
  remember(id: string, setup: SessionSetup, cwd: string): AcpSessionState {
    const state: AcpSessionState = { id, cwd, models: parseAcpModels(setup), ...(setup.modes ? { mode: setup.modes.currentModeId } : {}) };
    this.states.set(id, state);
    this.touch(id);
    return state;
  }

  /** Marks a session used, and forgets the idle ones beyond the bounds (never one with a turn running). */
  touch(id: string, now = this.clock.now()): void {
    this.used.delete(id);
    this.used.set(id, now);
    for (const [sid, at] of this.used) {
      if (this.used.size <= MAX_SESSIONS && now - at < SESSION_IDLE_MS) break;
      if (sid === id || this.running(sid)) continue;
      this.used.delete(sid);
      this.states.delete(sid);
    }
  }

  /** Given up on: forgotten, and never prompted again in this process. */
  abandon(id: string): void {
    this.abandoned.add(id);
    this.states.delete(id);
  }

  isAbandoned(id: string): boolean {
    return this.abandoned.has(id);
  }
}
