"use strict";
/**
 * Types shared by the process runner (src/node) and its callers (src/services).
 * Pure: no runtime imports.
 */
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=process.js.map