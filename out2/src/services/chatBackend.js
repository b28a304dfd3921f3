"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=chatBackend.js.map