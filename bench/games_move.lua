-- wrk script: submits prepared legal moves (tests/bench/games.rs writes moves.tsv and
-- sessions.tsv). Each thread takes every n-th game, so the moves of one game are sent in
-- order and hundreds of requests apart; the thread stops when its list is used up.
-- Usage: BENCH_DIR=/tmp/plypost-bench WRK_THREADS=2 wrk -t2 -c32 -d60s --latency -s bench/games_move.lua URL
local dir = os.getenv("BENCH_DIR") or "/tmp/plypost-bench"
-- Must equal wrk's -t (each thread's Lua state is separate, so it cannot count them).
local nthreads = tonumber(os.getenv("WRK_THREADS") or "2")
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

local requests = {}
local index = 0
local stopped = 0

local function urlencode(s)
  return (s:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", string.byte(c)) end))
end

function init(args)
  local sessions = {}
  for line in io.lines(dir .. "/sessions.tsv") do
    local cookie, csrf = line:match("^([^\t]+)\t([^\t]+)$")
    table.insert(sessions, { cookie = cookie, csrf = csrf })
  end
  for line in io.lines(dir .. "/moves.tsv") do
    local game, ply, mv, who = line:match("^(%d+)\t(%d+)\t([^\t]+)\t(%d)$")
    if tonumber(game) % nthreads == id then
      local s = sessions[tonumber(who) + 1]
      local body = "move=" .. urlencode(mv) .. "&ply=" .. ply .. "&comment=&csrf_token=" .. urlencode(s.csrf)
      table.insert(requests, wrk.format("POST", "/games/" .. game .. "/move", {
        ["Cookie"] = s.cookie,
        ["Content-Type"] = "application/x-www-form-urlencoded",
      }, body))
    end
  end
end

function request()
  index = index + 1
  if index > #requests then
    wrk.thread:stop()
    return requests[#requests]
  end
  return requests[index]
end
