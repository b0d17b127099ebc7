/** The espeak-ng library build ships no types; the worker and the benchmark describe what they use. */
declare module '@echogarden/espeak-ng-emscripten';
