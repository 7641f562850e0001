/**
 * The library's counted threads ({@code StageThreads}): every loader's stage threads and the
 * threads of a streamed epoch or a shard write, so that their owners can wait for them and tests
 * can check that none outlives its epoch. Depends on nothing else of the library, so that the
 * loader, the shard streaming and the shard writer can all use it. Not public API.
 */
package dev.asyncdataset.internal.threads;
