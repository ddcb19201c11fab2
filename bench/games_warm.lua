-- wrk script: shows every game of moves.tsv once (each thread its share), so that the
-- server holds their move lists as a server that has been running would; then stops.
-- Usage: BENCH_DIR=/tmp/plypost-bench WRK_THREADS=2 wrk -t2 -c8 -d5s -s bench/games_warm.lua URL
local dir = os.getenv("BENCH_DIR") or "/tmp/plypost-bench"
local nthreads = tonumber(os.getenv("WRK_THREADS") or "2")
local counter = 0

function setup(thread)
  thread:set("id", counter)
  counter = counter + 1
end

local requests = {}
local index = 0

function init(args)
  local cookie
  for line in io.lines(dir .. "/sessions.tsv") do
    cookie = cookie or line:match("^([^\t]+)\t")
  end
  local seen = {}
  for line in io.lines(dir .. "/moves.tsv") do
    local game = tonumber(line:match("^(%d+)\t"))
    if not seen[game] and game % nthreads == id then
      seen[game] = true
      table.insert(requests, wrk.format("GET", "/games/" .. game, { ["Cookie"] = cookie }))
    end
  end
  -- A thread without games still needs something to send before it stops.
  if #requests == 0 then
    table.insert(requests, wrk.format("GET", "/healthz"))
  end
end

function request()
  index = index + 1
  if index >= #requests then
    wrk.thread:stop()
  end
  return requests[math.min(index, #requests)]
end
