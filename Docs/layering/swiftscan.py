"""Rough Swift scanner: strips comments and string-literal text (keeping interpolations),
tracks braces, collects declarations (top-level and members) and identifier uses per file.
Not a parser; good enough for a dependency survey of one code base."""
import os, re, json, sys

KEYWORDS = set("""associatedtype class deinit enum extension fileprivate func import init inout internal let open
operator private precedencegroup protocol public rethrows static struct subscript typealias var break case catch continue
default defer do else fallthrough for guard if in repeat return throw switch where while as Any await false is nil self
Self super throws true try actor package nonisolated mutating override final lazy weak unowned convenience required
indirect some any get set willSet didSet consuming borrowing sending""".split())


def strip(src):
    """Return text of the same length (newlines kept) with comments and string contents blanked;
    interpolated code inside strings is kept."""
    out = list(src)
    n = len(src)
    i = 0

    def blank(a, b):
        for k in range(a, b):
            if out[k] != "\n":
                out[k] = " "

    def skip_string(i, hashes, multiline):
        # i points just after the opening delimiter; returns index after closing delimiter
        close = ('"""' if multiline else '"') + "#" * hashes
        interp = "\\" + "#" * hashes + "("
        start = i
        while i < n:
            if src.startswith(close, i):
                blank(start, i)
                return i + len(close)
            if src.startswith(interp, i):
                blank(start, i + len(interp))
                i = skip_code(i + len(interp), ")")
                start = i  # after ')'
                continue
            if src[i] == "\\" and hashes == 0:
                i += 2
                continue
            if src[i] == "\n" and not multiline:
                blank(start, i)
                return i
            i += 1
        blank(start, n)
        return n

    def skip_code(i, terminator):
        # scan code until the matching terminator (')' for interpolation) at depth 0
        depth = 0
        while i < n:
            c = src[i]
            if src.startswith("//", i):
                j = src.find("\n", i)
                j = n if j < 0 else j
                blank(i, j)
                i = j
                continue
            if src.startswith("/*", i):
                i = skip_block(i)
                continue
            m = re.match(r'(#*)("""|")', src[i:i + 10])
            if m and (m.group(1) or c == '"'):
                hashes = len(m.group(1))
                multiline = m.group(2) == '"""'
                i = skip_string(i + len(m.group(0)), hashes, multiline)
                continue
            if src.startswith("#/", i):
                j = src.find("/#", i + 2)
                j = n if j < 0 else j
                blank(i + 2, j)
                i = j + 2
                continue
            if c == "(":
                depth += 1
            elif c == ")":
                if depth == 0 and terminator == ")":
                    return i + 1
                depth -= 1
            i += 1
        return n

    def skip_block(i):
        depth = 0
        start = i
        while i < n:
            if src.startswith("/*", i):
                depth += 1
                i += 2
                continue
            if src.startswith("*/", i):
                depth -= 1
                i += 2
                if depth == 0:
                    blank(start, i)
                    return i
                continue
            i += 1
        blank(start, n)
        return n

    skip_code(0, None)
    return "".join(out)


DECL = re.compile(
    r"^(?P<indent>[ \t]*)(?P<attrs>(?:@\w+(?:\([^)]*\))?\s+)*)(?P<mods>(?:(?:public|private|fileprivate|internal|package|open|static|class|final|"
    r"mutating|nonisolated|override|lazy|indirect|convenience|required|weak|unowned|dynamic|optional|"
    r"private\(set\)|fileprivate\(set\)|internal\(set\)|package\(set\)|public\(set\))\s+)*)"
    r"(?P<kind>struct|enum|class|actor|protocol|extension|func|let|var|typealias|case|init|subscript)\b\s*(?P<rest>.*)$")
ACCESS = ("public", "open", "package", "internal", "fileprivate", "private")


def parse_file(path, text):
    stripped = strip(text)
    lines = stripped.split("\n")
    decls = []
    # stack of (kind, name, depth_at_open, access)
    stack = []
    depth = 0
    pending = None  # a type/extension decl waiting for its '{'
    for lineno, line in enumerate(lines, 1):
        m = DECL.match(line)
        if m:
            kind = m.group("kind")
            mods = m.group("mods").split()
            access = next((a for a in mods if a in ACCESS), None)
            static = "static" in mods or ("class" in mods and kind in ("func", "var", "let"))
            rest = m.group("rest")
            # container = innermost type/extension whose body we are directly in
            container = None
            in_body_of_type = stack and stack[-1][2] == depth - 1 and stack[-1][0] != "func"
            top = depth == 0
            if stack and stack[-1][2] == depth - 1:
                container = stack[-1]
            if top or (container and container[0] in ("struct", "enum", "class", "actor", "protocol", "extension")):
                name = None
                if kind in ("struct", "enum", "class", "actor", "protocol", "typealias"):
                    mm = re.match(r"(\w+)", rest)
                    name = mm.group(1) if mm else None
                elif kind == "extension":
                    mm = re.match(r"([\w.]+)", rest)
                    name = mm.group(1) if mm else None
                elif kind == "func":
                    mm = re.match(r"(`?\w+`?|[^\s(<]+)", rest)
                    name = mm.group(1).strip("`") if mm else None
                elif kind in ("let", "var"):
                    mm = re.match(r"\(?\s*(`?\w+`?)", rest)
                    name = mm.group(1).strip("`") if mm else None
                elif kind == "case":
                    if container and container[0] in ("enum", "extension"):
                        names = re.findall(r"(?:^|,)\s*(\w+)", re.sub(r"\([^)]*\)", "", rest.split("=")[0]))
                        for nm in names:
                            decls.append(dict(file=path, line=lineno, kind="case", name=nm,
                                              container=container[1] if container else None,
                                              access=container[3], static=True, top=False))
                    name = None
                elif kind == "init":
                    name = "init"
                elif kind == "subscript":
                    name = "subscript"
                if name:
                    eff_access = access
                    if eff_access is None and container and container[0] == "extension":
                        eff_access = container[3] if container[3] in ACCESS else None
                    if eff_access is None and container and container[0] == "protocol":
                        eff_access = container[3]
                    decls.append(dict(file=path, line=lineno, kind=kind, name=name,
                                      container=(container[4] if container else None), access=eff_access or "internal",
                                      static=static, top=top, explicit_access=access))
                if kind in ("struct", "enum", "class", "actor", "protocol", "extension") and name:
                    full = name if (top or kind == "extension") else ((container[4] + "." + name) if container else name)
                    pending = (kind, name, depth, access or "internal", full)
            if kind == "func" or kind == "init" or kind in ("var",):
                pass
        # braces
        for ch in line:
            if ch == "{":
                if pending is not None:
                    stack.append(pending)
                    pending = None
                else:
                    stack.append(("block", None, depth, None, None))
                depth += 1
            elif ch == "}":
                depth -= 1
                if stack and stack[-1][2] == depth:
                    stack.pop()
    return stripped, decls


IDENT = re.compile(r"(?<![\w$])([A-Za-z_]\w*)")


def identifiers(stripped):
    """(line, identifier, preceded_by_dot, followed_by) tuples"""
    res = []
    for lineno, line in enumerate(stripped.split("\n"), 1):
        for m in IDENT.finditer(line):
            word = m.group(1)
            start = m.start(1)
            before = line[:start].rstrip()
            dot = before.endswith(".")
            qual = None
            if dot:
                mm = re.search(r"([A-Za-z_]\w*)\s*\.$", before)
                qual = mm.group(1) if mm else None
            res.append((lineno, word, dot, qual))
    return res


if __name__ == "__main__":
    root = sys.argv[1]
    data = {}
    for dirpath, _, files in os.walk(root):
        for f in files:
            if f.endswith(".swift"):
                p = os.path.join(dirpath, f)
                text = open(p, encoding="utf-8").read()
                stripped, decls = parse_file(os.path.relpath(p, root), text)
                data[os.path.relpath(p, root)] = decls
    json.dump(data, sys.stdout, indent=1)
