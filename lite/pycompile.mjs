// Compile Python sources to bytecode with the browser's own Python: Pyodide, run by Node.js.
//
//   node lite/pycompile.mjs PYODIDE_DIR TREE
//
// PYODIDE_DIR holds the Pyodide core (pyodide.mjs and the rest of the npm package);
// TREE has two folders: `wheels/` (unpacked wheels: each .py gets its
// __pycache__/NAME.cpython-3XX.pyc) and `stdlib/` (the unpacked python_stdlib.zip:
// each .py gets NAME.pyc beside it, the form zipimport reads). The bytecode is
// hash-based and unchecked, so it stays valid whatever the files' times once
// installed in the browser; sources stay beside it for tracebacks. A source that does
// not compile (a test file written for another Python, say) is left as it is.
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, tree] = process.argv.slice(2).map((p) => resolve(p));
const { loadPyodide } = await import(pathToFileURL(resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + "/" });
pyodide.FS.mkdirTree("/mnt");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: tree }, "/mnt");
pyodide.runPython(`
import compileall, os, py_compile
mode = py_compile.PycInvalidationMode.UNCHECKED_HASH
for name, legacy in (("wheels", False), ("stdlib", True)):
    if os.path.isdir(f"/mnt/{name}"):
        compileall.compile_dir(f"/mnt/{name}", quiet=2, legacy=legacy, invalidation_mode=mode)
`);
