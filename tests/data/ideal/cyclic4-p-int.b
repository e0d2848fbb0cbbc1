x,y,z,w
32003
x + 2*y + 2*z + 2*w - 1,
w*w + z*z + y*y + x*x + y*y + z*z + w*w - x,
z*w + y*z + x*y + y*x + z*y + w*z - y,
y*w + x*z + y*y + z*x + w*y - z
