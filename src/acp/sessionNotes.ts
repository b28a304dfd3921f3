/**
 * What a client notes of its sessions besides turns: each session's latest command list, and the last
 * exchange of the history a `session/load` replays (for a recap line, never shown as an answer). Bounded. Pure.
 */
import { type Clock, systemClock } from '../cli/clock';
import { AgentCommandStore } from './agentCommands';
import { ReplayRecap } from './pastChats';

/** Recaps kept (loads in progress and finished ones not yet read). */
const MAX_RECAPS = 16;

export class SessionNotes {
  readonly commands: AgentCommandStore;
  private readonly recaps = new Map<string, { recap: ReplayRecap; open: boolean }>();

  constructor(clock: Clock = systemClock) {
    this.commands = new AgentCommandStore(clock);
  }

  /** A `session/load` of `sessionId` starts: what it replays is read for a recap until {@link endReplay}. */
  beginReplay(sessionId: string): void {
    this.recaps.delete(sessionId);
    this.recaps.set(sessionId, { recap: new ReplayRecap(), open: true });
    while (this.recaps.size > MAX_RECAPS) this.recaps.delete(this.recaps.keys().next().value as string);
  }

  /** The replay of `sessionId` is over (the client's fence answered): nothing more goes into its recap. */
  endReplay(sessionId: string): void {
    const r = this.recaps.get(sessionId);
    if (r) r.open = false;
  }

  /** A `session/update`; `turnRunning`: it belongs to a turn (never to a recap). */
  observe(sessionId: string, update: { sessionUpdate: string } & Record<string, unknown>, turnRunning: boolean): void {
    if (update.sessionUpdate === 'available_commands_update') return this.commands.update(sessionId, update);
    const r = this.recaps.get(sessionId);
    if (r?.open && !turnRunning) r.recap.push(update);
  }

  /** The last exchange `sessionId`'s load replayed (read once). */
  takeRecap(sessionId: string): ReplayRecap['exchange'] {
    const r = this.recaps.get(sessionId);
    this.recaps.delete(sessionId);
    return r?.recap.exchange;
  }
}
