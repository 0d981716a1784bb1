// Async boundary for the standalone harness (federation negotiates shared modules first).
import('./bootstrap');
