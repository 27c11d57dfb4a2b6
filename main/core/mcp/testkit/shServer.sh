#!/bin/sh
# A minimal stdio MCP server in POSIX sh (busybox has no node): answers initialize, tools/list and
# tools/call with fixed JSON, for the container test. Its one tool reports whether /work (the
# project) is writable and whether the network is reachable.
while IFS= read -r line; do
  id=$(printf '%s' "$line" | sed -n 's/.*"id":\([0-9][0-9]*\).*/\1/p')
  case "$line" in
    *'"method":"initialize"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"sh","version":"1"}}}\n' "$id" ;;
    *'"method":"tools/list"'*)
      printf '{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"where","description":"where it runs","inputSchema":{"type":"object"}}]}}\n' "$id" ;;
    *'"method":"tools/call"'*)
      if touch /work/.written 2>/dev/null; then w=yes; else w=no; fi
      if touch /work/out/ok 2>/dev/null; then o=yes; else o=no; fi
      printf '{"jsonrpc":"2.0","id":%s,"result":{"content":[{"type":"text","text":"project writable: %s; out writable: %s; TOKEN=%s"}]}}\n' "$id" "$w" "$o" "$TOKEN" ;;
  esac
done
