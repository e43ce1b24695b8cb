/**
 * The Lua scripts of `RedisResultStore`. Every script starts with {@link PRELUDE}, so all of them see the same layout
 * and the same `remove` and `sweep`. Keys (all under one hash tag, so they share a Redis Cluster slot):
 * - KEYS[1] `lru`: sorted set, handle → last use (a number from `seq`): the entry count and the eviction order;
 * - KEYS[2] `expiry`: sorted set, handle → expiry (ms);
 * - KEYS[3] `bytes`: the bytes accounted to all entries (a counter);
 * - KEYS[4] `owners`: hash, owner digest → the bytes of that owner's entries;
 * - KEYS[5] `meta`: hash, handle → `<owner digest> <chars> <width> <bytes> <expires at>`;
 * - KEYS[6] `gone`: hash, handle → `<expired|evicted> <owner digest>` (tombstones, to say why a handle is gone);
 * - KEYS[7] `goneq`: sorted set, handle → when it went (the oldest tombstones are dropped past `maxTombstones`);
 * - KEYS[8] `seq`: a counter numbering uses, so that the least recently used is exact across replicas (several uses
 *   fall in one millisecond);
 * - `<dataPrefix><handle>`: the text (string, `PX` ttl), `width` bytes per UTF-16 code unit;
 * - `<ownerPrefix><owner digest>`: sorted set, handle → last use, for the owner's own eviction order.
 * ARGV[1..5] of every script: data prefix, owner prefix, max tombstones, max entries swept per call, ttl ms (how long
 * the index keys outlive the last write: twice it, so a store no one writes to any more empties itself).
 */
const PRELUDE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local LRU, EXPIRY, TOTAL, OWNERS, META, GONE, GONEQ, SEQ = KEYS[1], KEYS[2], KEYS[3], KEYS[4], KEYS[5], KEYS[6], KEYS[7], KEYS[8]
local dataPrefix, ownerPrefix = ARGV[1], ARGV[2]
local maxTombstones, sweepMax, ttl = tonumber(ARGV[3]), tonumber(ARGV[4]), tonumber(ARGV[5])

local function parse(m)
  local owner, chars, width, bytes, expiresAt = string.match(m, '^(%S+) (%d+) (%d+) (%d+) (%d+)$')
  return owner, tonumber(chars), tonumber(width), tonumber(bytes), tonumber(expiresAt)
end

local function remove(h, reason)
  local m = redis.call('HGET', META, h)
  if not m then return end
  local owner, _, _, bytes = parse(m)
  redis.call('HDEL', META, h)
  redis.call('ZREM', LRU, h)
  redis.call('ZREM', EXPIRY, h)
  redis.call('ZREM', ownerPrefix .. owner, h)
  redis.call('DEL', dataPrefix .. h)
  if redis.call('DECRBY', TOTAL, bytes) < 0 then redis.call('SET', TOTAL, 0) end
  if redis.call('HINCRBY', OWNERS, owner, -bytes) <= 0 then redis.call('HDEL', OWNERS, owner) end
  redis.call('HSET', GONE, h, reason .. ' ' .. owner)
  redis.call('ZADD', GONEQ, now, h)
  local n = redis.call('ZCARD', GONEQ)
  if n > maxTombstones then
    local old = redis.call('ZPOPMIN', GONEQ, n - maxTombstones)
    for i = 1, #old, 2 do redis.call('HDEL', GONE, old[i]) end
  end
  redis.call('PEXPIRE', GONE, ttl * 2)
  redis.call('PEXPIRE', GONEQ, ttl * 2)
end

local function sweep()
  local due = redis.call('ZRANGEBYSCORE', EXPIRY, '-inf', now, 'LIMIT', 0, sweepMax)
  for _, h in ipairs(due) do remove(h, 'expired') end
end
`;

/**
 * Keeps a text. KEYS[9]: the owner's sorted set; KEYS[10]: the text's key. ARGV[6..]: handle, owner digest, text
 * (bytes), chars, width, bytes accounted, max bytes, max entries, max bytes per owner, max entries per owner. Makes
 * room first (expired entries, then the owner's least recently used past its share of bytes or entries, then — with
 * the store full — the least recently used of the owner holding the most entries, or bytes when bytes are full, so
 * one owner never evicts another's results while it holds fewer), then keeps it.
 * Answers the expiry (ms, Redis's clock).
 */
export const PUT = `${PRELUDE}
local OWNER_SET, DATA = KEYS[9], KEYS[10]
local h, owner, text = ARGV[6], ARGV[7], ARGV[8]
local chars, width, bytes = tonumber(ARGV[9]), tonumber(ARGV[10]), tonumber(ARGV[11])
local maxBytes, maxEntries, maxPerOwner, maxEntriesPerOwner = tonumber(ARGV[12]), tonumber(ARGV[13]), tonumber(ARGV[14]), tonumber(ARGV[15])
sweep()
while (tonumber(redis.call('HGET', OWNERS, owner)) or 0) + bytes > maxPerOwner or redis.call('ZCARD', OWNER_SET) >= maxEntriesPerOwner do
  local oldest = redis.call('ZRANGE', OWNER_SET, 0, 0)
  if #oldest == 0 then redis.call('HDEL', OWNERS, owner) break end
  remove(oldest[1], 'evicted')
end
while (tonumber(redis.call('GET', TOTAL)) or 0) + bytes > maxBytes or redis.call('ZCARD', LRU) >= maxEntries do
  local byEntries = redis.call('ZCARD', LRU) >= maxEntries
  local owners = redis.call('HGETALL', OWNERS)
  local heaviest, most = nil, -1
  for i = 1, #owners, 2 do
    local weight = byEntries and redis.call('ZCARD', ownerPrefix .. owners[i]) or tonumber(owners[i + 1])
    if weight > most then heaviest, most = owners[i], weight end
  end
  local oldest = heaviest and redis.call('ZRANGE', ownerPrefix .. heaviest, 0, 0) or {}
  if #oldest == 0 then
    if heaviest then redis.call('HDEL', OWNERS, heaviest) end
    oldest = redis.call('ZRANGE', LRU, 0, 0)
  end
  if #oldest == 0 then redis.call('SET', TOTAL, 0) break end
  remove(oldest[1], 'evicted')
end
local expiresAt = now + ttl
local use = redis.call('INCR', SEQ)
redis.call('SET', DATA, text, 'PX', ttl)
redis.call('HSET', META, h, owner .. ' ' .. chars .. ' ' .. width .. ' ' .. bytes .. ' ' .. expiresAt)
redis.call('ZADD', LRU, use, h)
redis.call('ZADD', EXPIRY, expiresAt, h)
redis.call('ZADD', OWNER_SET, use, h)
redis.call('INCRBY', TOTAL, bytes)
redis.call('HINCRBY', OWNERS, owner, bytes)
for _, k in ipairs({LRU, EXPIRY, TOTAL, OWNERS, META, OWNER_SET, SEQ}) do redis.call('PEXPIRE', k, ttl * 2) end
return expiresAt
`;

/**
 * Reads a slice (KEYS[1..8] only). ARGV[6..]: handle, owner digest, first code unit, code units wanted (0: check only). Answers
 * `{0, bytes, chars, width}` (a slice; counts as a use), `{1}` unknown, `{2}` expired, `{3}` evicted (expired and
 * evicted only to the owner: anyone else hears unknown), `{4}` another owner's, `{5, chars}` the offset is past the
 * end, `{6, chars}` checked (with 0 units wanted).
 */
export const PAGE = `${PRELUDE}
local h, owner, offset, want = ARGV[6], ARGV[7], tonumber(ARGV[8]), tonumber(ARGV[9])
sweep()
local m = redis.call('HGET', META, h)
if not m then
  local g = redis.call('HGET', GONE, h)
  if g then
    local reason, was = string.match(g, '^(%S+) (%S+)$')
    if was == owner then return {reason == 'expired' and 2 or 3} end
  end
  return {1}
end
local holder, chars, width, _, expiresAt = parse(m)
if holder ~= owner then return {4} end
if expiresAt <= now then remove(h, 'expired') return {2} end
if redis.call('EXISTS', dataPrefix .. h) == 0 then remove(h, 'evicted') return {3} end
if want == 0 then return {6, chars} end
if offset >= chars then return {5, chars} end
local last = math.min(chars, offset + want)
local slice = redis.call('GETRANGE', dataPrefix .. h, offset * width, last * width - 1)
local use = redis.call('INCR', SEQ)
redis.call('ZADD', LRU, use, h)
redis.call('ZADD', ownerPrefix .. owner, 'XX', use, h)
return {0, slice, chars, width}
`;

/** How full the store is, after a sweep: `{entries, bytes}`. */
export const STATS = `${PRELUDE}
sweep()
return {redis.call('ZCARD', LRU), tonumber(redis.call('GET', TOTAL)) or 0}
`;

/** Drops every entry, tombstone and index key; answers the number of entries dropped. */
export const CLEAR = `${PRELUDE}
local handles = redis.call('ZRANGE', LRU, 0, -1)
for _, h in ipairs(handles) do redis.call('DEL', dataPrefix .. h) end
for _, owner in ipairs(redis.call('HKEYS', OWNERS)) do redis.call('DEL', ownerPrefix .. owner) end
redis.call('DEL', LRU, EXPIRY, TOTAL, OWNERS, META, GONE, GONEQ, SEQ)
return #handles
`;
