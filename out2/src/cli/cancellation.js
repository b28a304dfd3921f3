"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
//# sourceMappingURL=cancellation.js.map