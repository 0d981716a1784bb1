// Prerender build only: records which CSS files the rendered modules import (in import order)
// and bundles nothing for them. prerender-home.ts runs the compiler in this same process.
module.exports = function collectCss() {
  (globalThis.__prerenderCssFiles ??= []).push(this.resourcePath);
  return 'export {};';
};
