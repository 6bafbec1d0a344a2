"""Tests of check_cycles.py on tiny crates and module trees written for each case."""

import io
import os
import tempfile
import unittest
from contextlib import redirect_stdout

import check_cycles


def write(root, files):
    for path, text in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as f:
            f.write(text)


def run(files, graphs, allow=None):
    """(exit code, printed text) of the checker on `files` written into a fresh folder."""
    with tempfile.TemporaryDirectory() as root:
        write(root, files)
        args = ["--root", root]
        if allow is not None:
            write(root, {"allowed.txt": allow})
            args += ["--allow", os.path.join(root, "allowed.txt")]
        out = io.StringIO()
        with redirect_stdout(out):
            code = check_cycles.main(args + graphs)
        return code, out.getvalue()


# Two files that each use the other's item: the smallest cycle.
RUST_CYCLE = {
    "src/lib.rs": "mod a;\nmod b;\npub use a::A;\n",
    "src/a.rs": "use crate::b::B;\npub struct A(B);\n",
    "src/b.rs": "pub struct B;\npub fn make() -> crate::a::A { crate::a::A(B) }\n",
}

# What is not a cycle: a re-export followed to the file that defines the item, a child's test
# module using its parent, a module imported under another name, a module named in a comment.
RUST_CLEAN = {
    "src/lib.rs": "mod shapes;\nmod user;\npub mod inner;\npub use shapes::Shape;\n"
    "pub fn area() -> u32 { user::area() }\n",
    "src/shapes.rs": "pub struct Shape;\n// crate::user::area would be a cycle if it were code\n",
    "src/user.rs": "use crate::Shape;\nuse crate::inner::deep as d;\n"
    "pub fn area() -> u32 { let _ = Shape; d::ONE }\n"
    "#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::area as total;\n}\n",
    "src/inner/mod.rs": "pub mod deep;\n",
    "src/inner/deep.rs": 'pub const ONE: u32 = 1;\n#[cfg(test)]\n#[path = "deep_tests.rs"]\nmod tests;\n',
    "src/inner/deep_tests.rs": "use crate::user::area;\n",
}


class RustGraphs(unittest.TestCase):
    def test_a_cycle_between_two_files_fails_and_is_named(self):
        code, out = run(RUST_CYCLE, ["demo=src:rust"])
        self.assertEqual(code, 1, out)
        self.assertIn("NEW CYCLE", out)
        self.assertIn("a.rs", out)
        self.assertIn("b.rs", out)

    def test_re_exports_tests_aliases_and_comments_make_no_cycle(self):
        code, out = run(RUST_CLEAN, ["demo=src:rust"])
        self.assertEqual(code, 0, out)
        self.assertIn("no cycles", out)

    def test_a_parent_whose_own_item_a_child_uses_is_a_cycle(self):
        files = dict(RUST_CLEAN)
        files["src/shapes.rs"] = "pub struct Shape;\npub fn f() -> u32 { crate::area() }\n"
        code, out = run(files, ["demo=src:rust"])
        self.assertEqual(code, 1, out)
        self.assertIn("lib.rs", out)

    def test_a_known_cycle_passes_and_a_smaller_one_inside_it_too(self):
        allow = "demo: a.rs b.rs lib.rs  # shrinking\n"
        code, out = run(RUST_CYCLE, ["demo=src:rust"], allow)
        self.assertEqual(code, 0, out)
        self.assertIn("known cycle", out)

    def test_a_cycle_outside_every_allowed_one_fails(self):
        code, out = run(RUST_CYCLE, ["demo=src:rust"], "demo: a.rs lib.rs\nother: a.rs b.rs\n")
        self.assertEqual(code, 1, out)

    def test_an_allowed_cycle_that_is_gone_is_reported(self):
        code, out = run(RUST_CLEAN, ["demo=src:rust"], "demo: shapes.rs user.rs\n")
        self.assertEqual(code, 0, out)
        self.assertIn("is gone", out)


class JsGraphs(unittest.TestCase):
    def test_modules_importing_each_other_fail(self):
        files = {
            "js/a.js": "import { b } from './b.js';\nexport const a = 1;\n",
            "js/b.js": "export { a } from './a.js';\nexport const b = 2;\n",
            "js/c.js": "import './a.js';\n",
        }
        code, out = run(files, ["ui=js:js"])
        self.assertEqual(code, 1, out)
        self.assertIn("a.js", out)
        self.assertNotIn("c.js ->", out)

    def test_a_dynamic_import_counts_and_a_comment_does_not(self):
        files = {
            "js/a.js": "// import { b } from './b.js';\nexport const a = () => import('./b.js');\n",
            "js/b.js": "/* import './a.js' */\nexport const b = 2;\n",
        }
        code, out = run(files, ["ui=js:js"])
        self.assertEqual(code, 0, out)


if __name__ == "__main__":
    unittest.main()
