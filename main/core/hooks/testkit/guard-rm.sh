#!/usr/bin/env bash
# A PreToolUse guard the way users write them: exit 2 with the reason on stderr blocks the call.
input=$(cat)
command=$(printf '%s' "$input" | node -e 'let s="";process.stdin.on("data",d=>s+=d).on("end",()=>process.stdout.write(JSON.parse(s).tool_input.command??""))')
case "$command" in
  rm*) echo "rm is not allowed here: move files to trash/ instead" >&2; exit 2 ;;
esac
exit 0
