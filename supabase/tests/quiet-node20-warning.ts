// supabase-js warns once per client that Node 20 is deprecated; the project pins Node 20.
// Drop exactly that line so real warnings stay visible.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('Node.js 20 and below are deprecated')) return;
  warn(...args);
};
