# Runs libsdformat's `ign sdf -k` / `ign sdf -p` (the library's cmdCheck / cmdPrint, the functions
# the ign tool calls) on many files in one process, so a batched test does not pay one Ruby and
# library start per file. After each file, both streams get a marker line; stdout's carries the exit code.
# Usage: ruby ignSdfBatch.rb -k|-p FILE...
require 'fiddle'
require 'fiddle/import'

module SdfLib
  extend Fiddle::Importer
  library = Dir.glob('/usr/lib/*/libsdformat12.so.12*').min
  abort('libsdformat12 not found') if library.nil?
  dlload library, 'libc.so.6'
  extern 'int cmdCheck(const char *)'
  extern 'int cmdPrint(const char *)'
  extern 'int fflush(void *)'
  extern 'int dprintf(int, const char *, ...)'
end

flag = ARGV.shift
abort('usage: ignSdfBatch.rb -k|-p FILE...') unless ['-k', '-p'].include?(flag)
ARGV.each do |file|
  path = File.expand_path(file)
  rc = flag == '-k' ? SdfLib.cmdCheck(path) : SdfLib.cmdPrint(path)
  SdfLib.fflush(nil)
  SdfLib.dprintf(1, "\n@@robokit-ign-end rc=%d@@\n", :int, rc)
  SdfLib.dprintf(2, "\n@@robokit-ign-end@@\n")
end
