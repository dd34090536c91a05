#ifndef CELLKIT_SHIMS_H
#define CELLKIT_SHIMS_H

#include <stddef.h>

/// Writes the path of the loaded image (executable or shared library) that
/// contains `address` into `buffer`, NUL-terminated. Returns its length, or
/// -1 if no image contains the address or the buffer is too small.
///
/// glibc's dladdr needs _GNU_SOURCE, which Swift's Glibc module does not set.
int cellkit_image_path(const void *address, char *buffer, size_t size);

/// The nominal type descriptor of a type's metadata: data the compiler emits
/// in the image that declares the type. (A class whose superclass is
/// resilient has its metadata made at run time, in memory no image holds, so
/// the metadata address does not say which library declares the class.)
const void *cellkit_type_descriptor(const void *metadata);

#endif
