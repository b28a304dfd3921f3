// The house's layers as an ESLint rule, deny by default. Hand-written (a few dozen lines) rather than
// eslint-plugin-import's `no-restricted-paths`: that plugin needs a resolver and a second parser setup,
// and it does not reject files outside every layer (vscode-copilot-chat's `no-unlayered-files` idea),
// nor `require`/`import()` with a computed name, which this rule does in the same pass.
import * as path from 'node:path';

/**
 * Bottom to top. A layer imports only itself and the layers it lists (type-only imports included: the
 * direction is the design, not only what runs). `extension.ts` is the composition root: it may import all.
 */
export const LAYERS = {
  cli: [], // the ground floor: what the CLI is and says
  turn: ['cli'], // the vocabulary of a turn and the seam both backends implement
  print: ['turn', 'cli'], // print mode (`cursor-agent -p`)
  acp: ['turn', 'cli'], // ACP (`cursor-agent acp`)
  node: ['acp', 'turn', 'cli'], // Node adapters: processes, files (implement the ports below)
  services: ['print', 'acp', 'turn', 'cli'], // pure services, in rooms
  vscode: ['services', 'turn', 'cli'], // the VS Code edge
};
/**
 * The rooms of `services/`, in steps, bottom to top. A room imports only itself, the rooms of lower steps and
 * the shared base (the files directly in `services/`: the settings table, the store port, the emitter), which
 * imports no room. Rooms of one step stand side by side and never import each other.
 */
export const SERVICE_ROOMS = [
  ['models', 'plans', 'conversation', 'answer', 'mcp'], // features on the base alone
  ['chatUi'], // what VS Code's own carousel and to-do list accept (a to-do list is bounded as a plan's checklist is)
  ['readiness'], // binary, login, the readiness table and the status bar's view of it (models, the last answer)
  ['engine'], // the runtime and the chat-turn flow: every room wired
];
const ROOT_FILES = new Set(['extension.ts']);
/** Layers that may import the `vscode` module at run time (elsewhere only `import type`). */
const VSCODE_AT_RUN_TIME = new Set(['vscode', 'extension.ts']);

function layerOf(srcDir, file) {
  const rel = path.relative(srcDir, file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return undefined;
  const top = rel.split(path.sep)[0];
  return ROOT_FILES.has(top) ? top : top in LAYERS && rel.includes(path.sep) ? top : null;
}

/** A file's room in `services/`: '' for the shared base, the folder's name otherwise. */
function roomOf(srcDir, file) {
  const parts = path.relative(path.join(srcDir, 'services'), file).split(path.sep);
  return parts.length === 1 ? '' : parts[0];
}
const stepOf = (room) => (room === '' ? 0 : SERVICE_ROOMS.findIndex((step) => step.includes(room)) + 1 || undefined);

const typeOnly = (node) =>
  node.importKind === 'type' ||
  node.exportKind === 'type' ||
  (node.type === 'ImportDeclaration' && node.specifiers.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));

export const layersPlugin = {
  rules: {
    layers: {
      meta: {
        type: 'problem',
        schema: [{ type: 'object', properties: { srcDir: { type: 'string' } }, additionalProperties: false }],
        messages: {
          unlayered: 'src/{{file}} is outside every layer: put it in one of {{layers}} (scripts/eslint/layers.mjs), or add a layer there.',
          upward: '{{from}}/ may not import {{to}}/ ({{from}}/ imports only {{allowed}}): move the shared piece down, or invert the dependency.',
          vscode: '{{from}}/ is the pure core: import vscode only as `import type` (the VS Code edge is src/vscode/).',
          unroomed: 'services/{{room}}/ is in no step of SERVICE_ROOMS (scripts/eslint/layers.mjs): add the room to the step it belongs on.',
          roomUpward:
            'services/{{from}}/ may not import services/{{to}}/ (a room imports only rooms of lower steps: {{steps}}): move the shared piece down, or invert the dependency.',
          computed: 'A module name must be a plain string here, so the layers can be checked: {{what}} with a computed name.',
        },
      },
      create(context) {
        const srcDir = path.resolve(context.cwd, context.options[0]?.srcDir ?? 'src');
        const file = context.filename;
        const from = layerOf(srcDir, file);
        if (from === undefined) return {};
        // An unlayered file is reported once (Program); its imports are still checked for vscode.
        const folder = from ?? path.relative(srcDir, file).split(path.sep)[0];
        const check = (node, spec, isType) => {
          if (spec === 'vscode') {
            if (!isType && !VSCODE_AT_RUN_TIME.has(from)) context.report({ node, messageId: 'vscode', data: { from: folder } });
            return;
          }
          if (!spec.startsWith('.') || from === null) return; // packages and node: builtins
          const to = layerOf(srcDir, path.resolve(path.dirname(file), spec));
          if (from === 'services' && to === 'services') return checkRooms(node, path.resolve(path.dirname(file), spec));
          if (from === 'extension.ts' || to === from) return;
          if (to === null || to === undefined || to === 'extension.ts' || !LAYERS[from].includes(to)) {
            context.report({ node, messageId: 'upward', data: { from, to: to ?? spec, allowed: [from, ...LAYERS[from]].join('/, ') } });
          }
        };
        const checkRooms = (node, target) => {
          const [a, b] = [roomOf(srcDir, file), roomOf(srcDir, target)];
          const [sa, sb] = [stepOf(a), stepOf(b)];
          if (a === b || sa === undefined || (sb !== undefined && sb < sa)) return;
          const steps = SERVICE_ROOMS.map((step) => step.join(' | ')).join(' → ');
          if (sb === undefined) context.report({ node, messageId: 'unroomed', data: { room: b } });
          else context.report({ node, messageId: 'roomUpward', data: { from: a || '(base)', to: b || '(base)', steps: `(base) → ${steps}` } });
        };
        const literal = (arg) => (arg?.type === 'Literal' && typeof arg.value === 'string' ? arg.value : undefined);
        return {
          Program(node) {
            const room = from === 'services' ? roomOf(srcDir, file) : '';
            if (stepOf(room) === undefined) context.report({ node, messageId: 'unroomed', data: { room } });
            if (from === null)
              context.report({ node, messageId: 'unlayered', data: { file: path.relative(srcDir, file), layers: Object.keys(LAYERS).join(', ') } });
          },
          ImportDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
          ExportNamedDeclaration: (node) => node.source && check(node, node.source.value, typeOnly(node)),
          ExportAllDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
          TSImportEqualsDeclaration: (node) => {
            const ref = node.moduleReference;
            if (ref.type === 'TSExternalModuleReference') check(node, ref.expression.value, node.importKind === 'type');
          },
          // `import('./x').T` in a type position: a type-only import all the same.
          TSImportType(node) {
            const arg = node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument;
            const spec = literal(arg);
            if (spec === undefined) context.report({ node, messageId: 'computed', data: { what: 'import() type' } });
            else check(node, spec, true);
          },
          ImportExpression(node) {
            const spec = literal(node.source);
            if (spec === undefined) context.report({ node, messageId: 'computed', data: { what: 'import()' } });
            else check(node, spec, false);
          },
          CallExpression(node) {
            if (node.callee.type !== 'Identifier' || node.callee.name !== 'require') return;
            const spec = literal(node.arguments[0]);
            if (spec === undefined) context.report({ node, messageId: 'computed', data: { what: 'require()' } });
            else check(node, spec, false);
          },
        };
      },
    },
  },
};
