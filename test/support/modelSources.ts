/** Explicit stand-ins for the runtime's model policies, for tests that build a catalog or a turn flow by hand. */
import type { ChatTurnDeps } from '../../src/services/engine/chatTurn';
import { parseModelsOutput } from '../../src/cli/models';
import type { ModelsSource } from '../../src/services/models/modelCatalog';

/** A model source in print mode: `cursor-agent models` (its stdout from `fetchModelsText`), never the ACP server's list. */
export function printModels(fetchModelsText: () => Promise<string>): ModelsSource {
  return {
    backend: async () => 'print',
    list: { print: async () => parseModelsOutput(await fetchModelsText()), acp: () => Promise.reject(new Error('print mode lists no ACP models')) },
  };
}

/** No model rule: any model is sent to any backend (the CLI answers for it), no list follows a backend, no failure is recorded. */
export const ANY_MODEL: Pick<ChatTurnDeps, 'modelCheck' | 'onBackend' | 'onFailed'> = {
  modelCheck: () => undefined,
  onBackend: () => undefined,
  onFailed: () => undefined,
};

/** The walkthrough's model-pick watch, for tests that do not look at it. */
export const NO_MODEL_PICKS = { requested: (): void => undefined };
