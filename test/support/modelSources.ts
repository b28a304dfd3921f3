/** Explicit stand-ins for the runtime's model policies, for tests that build a catalog or a turn flow by hand. */
import type { ChatTurnDeps } from '../../src/services/engine/chatTurn';
import type { ModelsSource } from '../../src/services/models/modelCatalog';

/** A model source in print mode: `cursor-agent models` (as `fetchModelsText`), never the ACP server's list. */
export function printModels(fetchModelsText: () => Promise<string>): ModelsSource {
  return { fetchModelsText, backend: async () => 'print', fetchAcpModels: () => Promise.reject(new Error('print mode lists no ACP models')) };
}

/** No model rule: any model is sent to any backend (the CLI answers for it), and no list follows a backend. */
export const ANY_MODEL: Pick<ChatTurnDeps, 'modelCheck' | 'onBackend'> = { modelCheck: () => undefined, onBackend: () => undefined };
